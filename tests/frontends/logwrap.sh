#!/bin/bash
# Stand-in for mplayer that records how a front-end drives the real one:
# argv, what it writes to stdin and what it reads back, one set of files per
# run in $FE_LOG (argv.ID, in.ID, out.ID, err.ID, pid.ID, rc.ID). The real
# player is $FE_REAL.
#
# Diagnosis only: $FE_DROP_FLAGS and $FE_DROP_ARGS (space-separated option
# names without dashes) are removed from the command line before the real
# player sees it (the latter with their argument, also in the --name=value form), to see how far a front-end
# gets once the options our player lacks are out of the way. argv.ID always
# holds the command line as the front-end sent it; sent.ID what was run.
#
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
: "${FE_REAL:?}" "${FE_LOG:?}"
id=$$
printf '%s\n' "$@" >"$FE_LOG/argv.$id"
args=()
skip=0
for a in "$@"; do
    if [ "$skip" = 1 ]; then skip=0; continue; fi
    name=${a#-}
    name=${name#-}
    base=${name%%=*}
    if [ "$name" != "$a" ]; then
        case " ${FE_DROP_FLAGS:-} " in *" $base "*) continue ;; esac
        case " ${FE_DROP_ARGS:-} " in
        *" $base "*) [ "$base" = "$name" ] && skip=1; continue ;;
        esac
    fi
    args+=("$a")
done
printf '%s\n' "${args[@]}" >"$FE_LOG/sent.$id"
# stdin through a process substitution: when the player ends, this script
# ends with it, not when the front-end closes the pipe.
sh -c 'echo $$ >"$0"; exec "$@"' "$FE_LOG/pid.$id" "$FE_REAL" "${args[@]}" \
    < <(tee -a "$FE_LOG/in.$id") 2> >(tee -a "$FE_LOG/err.$id" >&2) |
    tee -a "$FE_LOG/out.$id"
rc=${PIPESTATUS[0]}
echo "$rc" >"$FE_LOG/rc.$id"
exit "$rc"
