#!/bin/bash
# Runs the bash completion for a command line and prints the candidates,
# one a line. Usage: complete.sh SCRIPT WORD... (the last word is the one
# being completed; pass '' for an empty one).
script=$1
shift
source "$script"
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
_dxil_tools
printf '%s\n' "${COMPREPLY[@]}"
