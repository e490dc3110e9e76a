@a = alias
@b = alias i8*
@c = alias i8* @
@"d alias = alias i8* @x
@e = alias (((* @x
@f = alias i8 addrspace(* @x
@g = alias * @x
@h = alias i8*, i8* @x
@i = alias ))) bitcast
@j alias i8* @x
@k = alias i8 * @x
