# bash completion for dxil-upgrade, dxil-lower, dxil-ops, dxil-roundtrip,
# dxil-run and dxil-diffrun.
# Installed as share/bash-completion/completions/<tool>; or source it.
# Option names come from the tool's own --help, so they follow the tool;
# op and class names for dxil-ops come from its --tsv.

# The long and short options a tool's --help lists ("--emit=" keeps its '=').
_dxil_tools_options()
{
    "$1" --help 2>/dev/null | grep -oE -- '(^|[ ,[])--?[A-Za-z][A-Za-z0-9-]*=?' |
        sed 's/^[ ,[]*//' | sort -u
}

# Values of an option that takes one; returns 1 when it takes none.
_dxil_tools_values()
{
    local cmd=$1 opt=$2 cur=$3
    case $opt in
    --emit) case ${cmd##*/} in
            dxil-lower) compgen -W 'll bc dxil' -- "$cur" ;;
            dxil-upgrade) compgen -W 'll bc spirv' -- "$cur" ;;
            *) compgen -W 'll bc' -- "$cur" ;;
            esac ;;
    --target-env) compgen -W 'vulkan1.2 vulkan1.3' -- "$cur" ;;
    # N:SPACE or N:all: nothing to offer before the number
    --vk-b-shift | --vk-t-shift | --vk-u-shift | --vk-s-shift) ;;
    --part) compgen -W 'DXIL ILDB STAT' -- "$cur" ;;
    --stats) compgen -W 'text json' -- "$cur" ;;
    --report-format) compgen -W 'json csv' -- "$cur" ;;
    --dxil | --dxil-version) compgen -W '1.0 1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 1.9' -- "$cur" ;;
    --stage) compgen -W 'pixel vertex geometry hull domain compute library raygeneration
                         intersection anyhit closesthit miss callable mesh amplification node' -- "$cur" ;;
    --class) compgen -W "$("$cmd" --tsv 2>/dev/null | tail -n +2 | cut -f3 | sort -u)" -- "$cur" ;;
    --batch) compgen -d -- "$cur" ;;
    -o | -O | --overlay | --report)
            if [[ ${cmd##*/} == dxil-run ]]; then compgen -d -- "$cur"; else compgen -f -- "$cur"; fi ;;
    --output) compgen -d -- "$cur" ;;
    --threads) compgen -W '0 1 2 4 env' -- "$cur" ;;
    --pipelines) compgen -W 'none instcombine O1 O2 O3 Os Oz' -- "$cur" ;;
    --csv | --json | --against) compgen -f -- "$cur" ;;
    --device) compgen -W "$("$cmd" --list-devices 2>/dev/null | cut -d: -f1)" -- "$cur" ;;
    -j | --shard | --timeout | --dispatch | --seed | --default-size | --entry | --max-ulps) ;;
    *) return 1 ;;
    esac
}

_dxil_tools()
{
    local cmd=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    # bash splits "--emit=b" at '=' (COMP_WORDBREAKS): put the option back
    if [[ $cur == "=" ]]; then
        cur=
    elif [[ $prev == "=" ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        cur=${cur#*=}
    fi
    local values
    if values=$(_dxil_tools_values "$cmd" "$prev" "$cur"); then
        mapfile -t COMPREPLY <<<"$values"
        [[ -z ${COMPREPLY[0]} ]] && COMPREPLY=()
        return 0
    fi
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_dxil_tools_options "$cmd")" -- "$cur")
        [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
        return 0
    fi
    if [[ ${cmd##*/} == dxil-ops ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$("$cmd" --tsv 2>/dev/null | tail -n +2 | cut -f2)" -- "$cur")
        return 0
    fi
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

complete -o filenames -F _dxil_tools dxil-upgrade dxil-lower dxil-ops dxil-roundtrip dxil-run dxil-diffrun
