/* ir_names.c - see ir_names.h. */
#include "ir_names.h"

#include <stdlib.h>
#include <string.h>

void ir_move_name(LLVMValueRef from, LLVMValueRef to)
{
    size_t len = 0, to_len = 0;
    const char *name = LLVMGetValueName2(from, &len);
    LLVMGetValueName2(to, &to_len);
    if (!len || to_len)
        return;
    char *copy = strndup(name, len);
    if (!copy)
        return;
    LLVMSetValueName2(from, "", 0);
    LLVMSetValueName2(to, copy, len);
    free(copy);
}
