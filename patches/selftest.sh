#!/bin/sh
# patches/selftest.sh [dir]: checks that the patch series for upstream MPlayer
# in dir (default: the directory of this script) is well formed, without
# MPlayer's source tree (patches/check does the checks that need it).
#
# This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
#
# Per patch NNNN-name.patch: it parses as `svn diff` output (Index: line,
# ==== line, "--- path\t(revision N)", "+++ path\t(working copy)", hunks
# whose line counts match their @@ headers, hunks in file order), added lines
# carry no trailing whitespace and no CR, and NNNN-name.txt is its commit
# message: a "Subject: [PATCH n/N] ..." line of at most 72 characters after
# "Subject: " and at most 15 lines in all. For the series: numbers run 1..N
# without gaps, and 0000-cover-letter.txt has a "Subject: [PATCH 0/N] ..."
# line and a "Measurements" section. Prints
# "patches: P passed, F failed" (one item per patch, one for the numbering)
# and exits 1 if anything failed.

dir=${1:-$(dirname "$0")}
if [ ! -d "$dir" ]; then
    echo "selftest.sh: no directory $dir" >&2
    exit 2
fi

passed=0
failed=0
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT

# Parse one patch; prints one line per problem, nothing if it is fine.
check_patch() {
    # a file cut short may still parse: its last line then lacks the newline
    if [ -s "$1" ] && ! tail -c 1 "$1" | od -An -tx1 | grep -q 0a; then
        echo "    does not end with a newline (truncated?)"
    fi
    awk '
    # the first few problems only: the rest mostly follow from them
    function bad(msg) { if (++nbad <= 5) printf "    line %d: %s\n", FNR, msg }
    # count of a "-a,b" / "+c,d" range: 1 when omitted
    function count(r) { return (r ~ /,/) ? substr(r, index(r, ",") + 1) + 0 : 1 }
    function start(r) { sub(/^[-+]/, "", r); sub(/,.*/, "", r); return r + 0 }
    function hunk_header(line,    f) {
        if (line !~ /^@@ -[0-9]+(,[0-9]+)? \+[0-9]+(,[0-9]+)? @@/) {
            bad("malformed hunk header: " line); return
        }
        split(line, f, " ")
        ol = count(f[2]); nl = count(f[3])
        if (start(f[2]) < last_start) bad("hunk out of order in " path)
        last_start = start(f[2]) + ol
        changes = 0; hunks++
        st = (ol == 0 && nl == 0) ? "between" : "hunk"
        if (st == "between") bad("empty hunk")
    }
    BEGIN { st = "start"; files = 0; nbad = 0 }
    /\r$/ { bad("CR at end of line"); sub(/\r$/, "") }
    st == "hunk" {
        c = substr($0, 1, 1)
        if ($0 == "\\ No newline at end of file") next
        if (c == " ") { ol--; nl-- }
        else if (c == "-") { ol--; changes++ }
        else if (c == "+") {
            nl--; changes++
            if ($0 ~ /[ \t]$/) bad("trailing whitespace in added line")
        } else if ($0 == "") {
            bad("empty line in hunk (context lines start with a space)"); ol--; nl--
        } else {
            bad("line in hunk starts with neither space, - nor +")
        }
        if (ol < 0 || nl < 0) {
            bad("hunk longer than its @@ header says"); st = "between"; next
        }
        if (ol == 0 && nl == 0) {
            if (!changes) bad("hunk without changes")
            st = "between"
        }
        next
    }
    st == "sep" {
        if ($0 != "===================================================================")
            bad("expected a line of 67 = after Index:")
        st = "old"; next
    }
    st == "old" {
        if (index($0, "--- " path "\t") != 1 || $0 !~ /\t\((revision [0-9]+|working copy)\)$/)
            bad("expected \"--- " path "<TAB>(revision N)\"")
        st = "new"; next
    }
    st == "new" {
        if (index($0, "+++ " path "\t") != 1 || $0 !~ /\t\((revision [0-9]+|working copy)\)$/)
            bad("expected \"+++ " path "<TAB>(working copy)\"")
        st = "first"; last_start = 0; hunks = 0; next
    }
    st == "first" {
        if ($0 !~ /^@@ /) { bad("expected a hunk after the +++ line"); st = "between"; next }
        hunk_header($0); next
    }
    # start or between
    /^Index: / {
        if (st == "between" && hunks == 0) bad("no hunks for " path)
        path = substr($0, 8); files++; st = "sep"
        if (path == "" || path ~ /^\// || path ~ /(^|\/)\.\.(\/|$)/)
            bad("Index path must be relative to the tree root: " path)
        next
    }
    st == "between" && /^@@ / { hunk_header($0); next }
    { bad(st == "start" ? "patch must begin with an Index: line" : "unexpected line between hunks"); st = "between" }
    END {
        if (st == "hunk") bad("patch ends inside a hunk (fewer lines than its @@ header says)")
        else if (st == "sep" || st == "old" || st == "new" || st == "first") bad("patch ends inside a file header")
        if (files == 0) bad("no Index: sections: not an svn diff")
        if (nbad > 5) printf "    (%d more problems)\n", nbad - 5
        exit nbad ? 1 : 0
    }' "$1"
}

# The message of patch number n of total (n = 0: the cover letter); prints
# problems.
check_letter() {
    letter=$1 n=$2 total=$3
    if [ ! -f "$letter" ]; then
        echo "    no message $(basename "$letter")"
        return 1
    fi
    rc=0
    if ! grep -q "^Subject: \[PATCH $n/$total\] [^ ]" "$letter"; then
        echo "    $(basename "$letter") has no \"Subject: [PATCH $n/$total] ...\" line"
        rc=1
    elif [ "$(sed -n 's/^Subject: //p' "$letter" | head -n 1 | wc -c)" -gt 73 ]; then
        echo "    subject longer than 72 characters: $(sed -n 's/^Subject: //p' "$letter" | head -n 1)"
        rc=1
    fi
    if [ "$n" -eq 0 ]; then
        if ! grep -q "^Measurements" "$letter"; then
            echo "    cover letter has no \"Measurements\" section"
            rc=1
        fi
    elif [ "$(wc -l < "$letter")" -gt 15 ]; then
        echo "    $(basename "$letter"): more than 15 lines (numbers go to the cover letter)"
        rc=1
    fi
    return $rc
}

# The series: patch files, sorted.
ls "$dir" | grep '\.patch$' | sort > "$tmp"
total=$(wc -l < "$tmp" | tr -d ' ')

numbering_ok=1
if [ "$total" -eq 0 ]; then
    echo "FAIL numbering: no *.patch files in $dir"
    numbering_ok=0
fi
i=0
while read -r f; do
    i=$((i + 1))
    want=$(printf '%04d' "$i")
    case $f in
        "$want"-*.patch) ;;
        *) echo "FAIL numbering: $f should be number $want (numbers 1..$total, no gaps)"
           numbering_ok=0 ;;
    esac
    case $f in
        [0-9][0-9][0-9][0-9]-*.patch) ;;
        *) echo "FAIL numbering: $f is not named NNNN-name.patch"; numbering_ok=0 ;;
    esac
done < "$tmp"
if [ $numbering_ok = 1 ]; then
    passed=$((passed + 1))
    echo "ok   numbering: $total patches"
else
    failed=$((failed + 1))
fi

i=0
while read -r f; do
    i=$((i + 1))
    out=$(check_patch "$dir/$f"; check_letter "$dir/${f%.patch}.txt" "$i" "$total")
    if [ -z "$out" ]; then
        passed=$((passed + 1))
        echo "ok   $f"
    else
        failed=$((failed + 1))
        echo "FAIL $f"
        printf '%s\n' "$out"
    fi
done < "$tmp"

out=$(check_letter "$dir/0000-cover-letter.txt" 0 "$total")
if [ -z "$out" ]; then
    passed=$((passed + 1))
    echo "ok   0000-cover-letter.txt"
else
    failed=$((failed + 1))
    echo "FAIL 0000-cover-letter.txt"
    printf '%s\n' "$out"
fi

echo "patches: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
