#!/usr/bin/env bash
# Issue 22's reproductions, and variants of them, run against a release binary.
#
#   Scripts/issue22-reproductions.sh [SEEK] [PATTERN]
#
# SEEK defaults to .build/release/seek (build it first:
#   swift build -c release --product seek -Xswiftc -static-executable -Xswiftc -cross-module-optimization).
# PATTERN, when given, runs only the cases whose label contains it (`10.`, `signal`, …).
# ISSUE22_MB sets the size of the big generated files (default 100).
#
# Prints one line per reproduction: PASS or FAIL, the item and case, and what was measured
# (exit status, wall and CPU seconds, peak resident memory from /usr/bin/time -f %M, file
# contents kept or not). Everything happens in a temporary directory, removed at the end.
# No file name is ever handed to a shell: names travel as arguments, as NUL-separated lists
# read with `read -d ''`, or are found by a glob.
set -u
cd "$(dirname "$0")/.."
seek=${1:-.build/release/seek}
only=${2:-}
[ -x "$seek" ] || { echo "no binary at $seek (build the release binary first)"; exit 2; }
seek=$(cd "$(dirname "$seek")" && pwd)/$(basename "$seek")
megabytes=${ISSUE22_MB:-100}
command -v /usr/bin/time >/dev/null || { echo "needs GNU time at /usr/bin/time"; exit 2; }

work=$(mktemp -d)
socket="issue22-$$-0"; sessions=0
cleanup() {
  for ((n = 0; n <= sessions; n++)); do tmux -L "issue22-$$-$n" kill-server >/dev/null 2>&1; done
  chmod -R u+rwx "$work" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 2
failures=0
passes=0

# report PASS|FAIL LABEL FIGURES
report() {
  if [ "$1" = PASS ]; then passes=$((passes + 1)); else failures=$((failures + 1)); fi
  printf '%s  %-58s %s\n' "$1" "$2" "$3"
}
verdict() { if "$@"; then echo PASS; else echo FAIL; fi; }
wanted() { [ -z "$only" ] || [[ "$1" == *"$only"* ]]; }

# measure LIMIT_SECONDS COMMAND… : runs it with stdin/stdout/stderr as the caller set them;
# sets status, wall, cpu (user+system seconds) and peak (KB).
measure() {
  local limit=$1; shift
  /usr/bin/time -f '%e %U %S %M' -o "$work/.time" timeout -s KILL "$limit" "$@"
  status=$?
  local u s
  read -r wall u s peak < <(tail -n 1 "$work/.time")
  cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
  [ "$status" -eq 137 ] && status="killed(timeout ${limit}s)"
}
mb() { awk -v k="$1" 'BEGIN { printf "%.0f MB", k / 1024 }'; }
# figures SIZE_BYTES: "status S, 1.2 s CPU, 34 MB peak (0.3x file)"
figures() {
  local ratio=""
  [ -n "${1:-}" ] && ratio=$(awk -v k="$peak" -v b="$1" 'BEGIN { printf " (%.2fx file)", k * 1024 / b }')
  echo "status $status, ${wall} s wall, ${cpu} s CPU, $(mb "$peak") peak$ratio"
}
within() { awk -v k="$peak" -v b="$1" -v f="$2" 'BEGIN { exit !(k * 1024 <= b * f) }'; }
small_peak() { [ "$peak" -le 150000 ]; }

srt() { printf '1\n00:00:01,000 --> 00:00:02,000\n%s\n\n' "$1"; }
srt hello > ok.srt
size_of() { stat -c %s "$1"; }

# ---- a private tmux server running seek -i in a pane ---------------------------------------------
# pane.sh DIR ARGFILE: cd DIR, run seek -i with the NUL-separated arguments in ARGFILE, then print
# the terminal's modes and seek's exit status and wait. The arguments are never parsed by a shell.
cat > pane.sh <<'EOF'
cd "$1" || exit 1
args=()
while IFS= read -r -d '' a; do args+=("$a"); done < "$2"
"$SEEK" -i "${args[@]}"
status=$?
stty -a | tr '\n' ' '; echo; echo "SEEK-EXIT=$status"
exec cat
EOF
tm() { tmux -L "$socket" -f /dev/null "$@"; }
screen() { tm capture-pane -p -t t 2>/dev/null; }
# open DIR ARG… : starts the navigator in DIR
open_navigator() {
  local dir=$1; shift
  tm kill-server >/dev/null 2>&1
  sessions=$((sessions + 1)); socket="issue22-$$-$sessions"
  printf '%s\0' "$@" > "$work/.args"
  tm new-session -d -s t -x 100 -y 30 env TERM=xterm-256color SEEK="$seek" bash "$work/pane.sh" "$dir" "$work/.args"
}
# wait_for TEXT [SECONDS]: waits until the screen contains TEXT
wait_for() {
  local deadline=$((SECONDS + ${2:-15}))
  while [ $SECONDS -le "$deadline" ]; do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
navigator_pid() { pgrep -P "$(tm display-message -p -t t '#{pane_pid}')" 2>/dev/null | head -n 1; }
restored() {
  local modes; modes=$(screen)
  [ "$(tm display-message -p -t t '#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}#{cursor_flag}')" = 0001 ] &&
    [[ "$modes" == *" icanon"* && "$modes" == *" echo "* && "$modes" != *"-icanon"* && "$modes" != *"-echo "* ]]
}
peak_of() { awk '/VmHWM/ { print $2 }' "/proc/$1/status" 2>/dev/null; }

# ==== 1. w never follows a planted symlink ===========================================================
if wanted "1. w symlink"; then
  mkdir -p p1/archive p1/home
  srt "hello there" > p1/archive/movie.srt
  echo 'echo precious' > p1/home/.bashrc; chmod 600 p1/home/.bashrc
  ln -s ../home/.bashrc p1/archive/movie.matches.jsonl
  open_navigator "$work/p1/archive" hello movie.srt
  wait_for " 1/1 " && tm send-keys -t t w && wait_for "write matches to:" && tm send-keys -t t Enter
  wait_for "symbolic link (not followed)" && refused=yes || refused=no
  tm send-keys -t t q; wait_for SEEK-EXIT=
  kept=$([ "$(cat p1/home/.bashrc)" = 'echo precious' ] && [ "$(stat -c %a p1/home/.bashrc)" = 600 ] && echo yes || echo no)
  report "$(verdict test $refused$kept = yesyes)" "1. w symlink -> ../home/.bashrc" "refused: $refused, target kept with mode 600: $kept"
fi
if wanted "1. w replace"; then
  mkdir -p p1b; srt "hello there" > p1b/movie.srt; echo earlier > p1b/movie.matches.jsonl; chmod 640 p1b/movie.matches.jsonl
  open_navigator "$work/p1b" hello movie.srt
  wait_for " 1/1 " && tm send-keys -t t w && wait_for "write matches to:" && tm send-keys -t t Enter
  wait_for "replace it? (y/n)" && asked=yes || asked=no
  tm send-keys -t t y; wait_for "exported 1 match" && done=yes || done=no
  tm send-keys -t t q; wait_for SEEK-EXIT=
  report "$(verdict test "$asked$done$(stat -c %a p1b/movie.matches.jsonl)" = yesyes640)" "1. w replace existing file" "asked: $asked, written: $done, mode $(stat -c %a p1b/movie.matches.jsonl) (was 640)"
fi
if wanted "1. --output"; then
  mkdir -p p1c; echo old > p1c/real.json; chmod 640 p1c/real.json; ln -s real.json p1c/named.json; ln -s fresh.json p1c/dangling.json
  "$seek" --json --output p1c/named.json hello ok.srt; s1=$?
  "$seek" --json --output p1c/dangling.json hello ok.srt; s2=$?
  ok=$([ -L p1c/named.json ] && grep -q '"hello"' p1c/real.json && [ "$(stat -c %a p1c/real.json)" = 640 ] &&
    [ -L p1c/dangling.json ] && [ -f p1c/fresh.json ] && echo yes || echo no)
  report "$(verdict test "$ok$s1$s2" = yes00)" "1. --output through a named and a dangling link" "status $s1/$s2, links kept and targets written (mode 640 kept): $ok"
fi

# ==== 2. bounded reads ===============================================================================
if wanted "2. "; then
  mkdir -p d; ln -s /dev/zero d/z.srt
  measure 60 "$seek" -r hello d >/dev/null 2>.err
  report "$(verdict test "$status" = 1 -a "$peak" -le 150000)" "2. ln -s /dev/zero d/z.srt; seek -r hello d (skipped)" "$(figures): $(head -c 90 .err | tr '\n' ' ')"
  mkdir -p du; ln -s /dev/urandom du/u.srt
  measure 60 "$seek" -r hello du >/dev/null 2>.err
  report "$(verdict test "$status" = 1 -a "$peak" -le 150000)" "2. ln -s /dev/urandom du/u.srt; seek -r hello du (skipped)" "$(figures): $(head -c 90 .err | tr '\n' ' ')"
  measure 60 "$seek" hello /dev/zero >/dev/null 2>.err
  report "$(verdict test "$status" = 2 -a "$peak" -le 150000)" "2. seek hello /dev/zero" "$(figures): $(head -c 80 .err | tr '\n' ' ')"
  measure 60 "$seek" hello /dev/urandom >/dev/null 2>.err
  report "$(verdict test "$status" = 2 -a "$peak" -le 150000)" "2. seek hello /dev/urandom" "$(figures): $(head -c 80 .err | tr '\n' ' ')"
  measure 120 bash -c 'yes | "$0" -c y' "$seek" >.out 2>.err
  report "$(verdict test "$status" = 2)" "2. yes | seek -c y (limit 1 GiB)" "$(figures 1073741824): $(head -c 70 .err | tr '\n' ' ')"
  measure 120 bash -c 'yes "hello there" | "$0" -c hello' "$seek" >.out 2>.err
  report "$(verdict test "$status" = 2)" "2. yes 'hello there' | seek -c hello (variant)" "$(figures 1073741824): $(head -c 60 .err | tr '\n' ' ')"
  measure 120 bash -c 'head -c 900000000 /dev/zero | tr "\0" "a" | "$0" -c b' "$seek" >.out 2>.err
  report "$(verdict test "$status" = 1)" "2. 900 MB of 'a' on a pipe, seek -c b (variant)" "$(figures 900000000)"
  mkdir -p f; mkfifo f/pipe; ln -s pipe f/link.srt; srt hello > f/ok.srt
  measure 20 "$seek" -r -c hello f >.out 2>.err
  report "$(verdict test "$status" = 0 -a "$(cat .out)" = f/ok.srt:1)" "2. symlink to a FIFO inside -r" "$(figures), printed $(tr '\n' ' ' < .out)"
  mkdir -p sock; python3 -c 'import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1])' sock/s.srt 2>/dev/null
  ln -s s.srt sock/link.srt; ln -s /dev/tty sock/tty.srt; ln -s /dev/null sock/null.srt
  measure 20 "$seek" -r -c hello sock >.out 2>.err
  report "$(verdict test "$status" = 1)" "2. socket, /dev/tty, /dev/null links inside -r (variant)" "$(figures)"
  truncate -s 30G sparse30.srt
  measure 60 "$seek" hello sparse30.srt >/dev/null 2>.err
  report "$(verdict test "$status" = 2 -a "$peak" -le 150000)" "2. sparse 30 GB file" "$(figures): $(head -c 80 .err | tr '\n' ' ')"
  truncate -s 8G nul8.srt
  measure 60 "$seek" hello nul8.srt >/dev/null 2>.err
  report "$(verdict test "$status" = 2 -a "$peak" -le 150000)" "2. 8 GB of NULs (sparse)" "$(figures): $(head -c 80 .err | tr '\n' ' ')"
  truncate -s 3G nul3.srt
  measure 60 "$seek" hello nul3.srt >/dev/null 2>.err
  report "$(verdict test "$status" = 2 -a "$peak" -le 150000)" "2. 3 GB of NULs, under the size limit (variant)" "$(figures): $(head -c 80 .err | tr '\n' ' ')"
  truncate -s 3G head3.srt; srt hello | dd of=head3.srt conv=notrunc status=none
  measure 60 "$seek" hello head3.srt >/dev/null 2>.err
  report "$(verdict test "$status" = 2 -a "$peak" -le 150000)" "2. one text cue then 3 GB of NULs (variant)" "$(figures): $(head -c 80 .err | tr '\n' ' ')"
  bytes=$((megabytes * 10 * 1000000))
  yes 'hello there, general kenobi' | head -c "$bytes" > big.txt
  measure 300 "$seek" -c hello big.txt >.out 2>.err
  report "$(verdict within "$bytes" 1.5)" "2. -c on a big mapped file ($((bytes / 1000000)) MB)" "$(figures "$bytes"), count $(cat .out)"
  measure 300 "$seek" -c --ignore-accents hello big.txt >.out 2>.err
  report "$(verdict within "$bytes" 3)" "2. -c --ignore-accents on it (variant)" "$(figures "$bytes"), count $(cat .out)"
  rm -f big.txt
fi

# ---- 2, more special files: nothing hangs, aborts or reads without a bound -----------------------
if wanted "2. "; then
  mkdir -p h2; mkfifo h2/fifo.srt; srt hello > h2/ok.srt
  measure 20 "$seek" -r -c hello h2 >.out 2>.err
  report "$(verdict test "$status" = 0 -a "$(cat .out)" = h2/ok.srt:1)" "2. a plain FIFO inside -r (variant)" "$(figures), printed $(tr '\n' ' ' < .out)"
  mkfifo named.fifo; (srt hello > named.fifo &)
  measure 20 "$seek" -c hello named.fifo >.out 2>.err
  report "$(verdict test "$status" = 0 -a "$(cat .out)" = 1)" "2. a FIFO named with a writer is read (variant)" "$(figures), printed $(cat .out)"
  ln -s loop.srt loop.srt
  measure 20 "$seek" hello loop.srt >.out 2>.err
  report "$(verdict test "$status" = 2)" "2. a symlink to itself named (variant)" "$(figures): $(head -c 60 .err | tr '\n' ' ')"
  mkdir -p loops/d; srt hello > loops/d/a.srt; ln -s .. loops/d/up; ln -s . loops/d/self; ln -s a.srt loops/d/b.srt
  ln -s ping loops/pong; ln -s pong loops/ping
  measure 20 "$seek" -r -c hello loops >.out 2>.err
  report "$(verdict test "$status" = 0 -a "$(wc -l < .out)" -le 2)" "2. -r over directory and file symlink loops (variant)" "$(figures), $(wc -l < .out) line(s): $(tr '\n' ' ' < .out)"
  mkdir -p dz; ln -s /dev/zero dz/zero.txt; ln -s /dev/zero dz/zero.json
  measure 20 "$seek" -r hello dz >.out 2>.err
  report "$(verdict test "$status" = 1 -a "$peak" -le 150000)" "2. /dev/zero as .txt and .json inside -r (variant)" "$(figures)"
  : > empty.srt; : > empty.txt; printf '\xff\xfe' > bom-only.txt
  for name in empty.srt empty.txt bom-only.txt; do
    measure 20 "$seek" -c hello "$name" >.out 2>.err
    report "$(verdict test "$status" = 1 -a "$(cat .out)" = 0)" "2. a $(size_of "$name")-byte file: seek -c hello $name (variant)" "$(figures), printed $(cat .out)"
  done
  measure 20 "$seek" hello - < /dev/null >.out 2>.err
  report "$(verdict test "$status" = 1)" "2. nothing on standard input (variant)" "$(figures)"
  truncate -s 2G sparse-tail.srt; printf 'hello\n' >> sparse-tail.srt
  measure 60 "$seek" -c hello sparse-tail.srt >.out 2>.err
  report "$(verdict test "$status" = 2 -a "$peak" -le 150000)" "2. 2 GB of holes then a line (variant)" "$(figures): $(head -c 70 .err | tr '\n' ' ')"
  rm -f sparse-tail.srt
  mkdir -p tr; yes 'a' | head -c $((megabytes * 2000000)) > tr/big.txt
  statuses=""; crashed=0
  for mode in -c --json -l; do
    yes 'a' | head -c $((megabytes * 2000000)) > tr/big.txt
    "$seek" "$mode" a tr/big.txt > /dev/null 2>.err & p=$!
    sleep 0.1; truncate -s 0 tr/big.txt; wait "$p"; s=$?; statuses+="$mode:$s "
    [ "$s" -ge 128 ] && crashed=$((crashed + 1))
  done
  report "$(verdict test "$crashed" = 0)" "2. a file truncated while searched, -c/--json/-l (variant)" "statuses $statuses($(head -c 60 .err | tr '\n' ' '))"
  rm -rf tr
fi

# ==== 3. -o /dev/stdout appended to a file ===========================================================
if wanted "3. "; then
  echo prev > log; "$seek" --output /dev/stdout hello ok.srt >> log; s=$?
  report "$(verdict test "$(head -n 1 log)$s" = prev0 -a "$(wc -l < log)" -gt 1)" "3. echo prev > log; seek --output /dev/stdout hello ok.srt >> log" "status $s, log: $(head -c 60 log | tr '\n' '|')"
  echo prev > log2; "$seek" --json --output /dev/stderr hello ok.srt 2>> log2; s=$?
  report "$(verdict test "$(head -n 1 log2)$s" = prev0)" "3. --output /dev/stderr with 2>> log (variant)" "status $s, log: $(head -c 60 log2 | tr '\n' '|')"
  mkfifo outpipe; (cat outpipe > fromfifo &) ; "$seek" --json --output outpipe hello ok.srt; s=$?; sleep 0.3
  report "$(verdict test "$s" = 0 -a -p outpipe -a -s fromfifo)" "3. --output to a FIFO is written in place (variant)" "status $s, FIFO kept: $([ -p outpipe ] && echo yes || echo no), read $(size_of fromfifo) bytes"
  echo prev > log0; "$seek" -o /dev/stdout hello ok.srt >> log0 2>/dev/null; s=$?
  report "$(verdict test "$(head -n 1 log0)" = prev)" "3. the same with -o (now --only-matching) as written" "status $s, log: $(head -c 60 log0 | tr '\n' '|')"
  echo prev > same; "$seek" --output same hello ok.srt >> same 2>.err; s=$?
  report "$(verdict test "$(head -n 1 same)" = prev)" "3. --output FILE while stdout >> FILE (variant)" "status $s, file: $(head -c 60 same | tr '\n' '|')"
fi

# ==== 4. exports on a terminal ========================================================================
if wanted "4. "; then
  printf '1\n00:00:01,000 --> 00:00:02,000\nhello \033]0;PWNED\007 \302\205 \177 \033[31mred\n\n' > osc.srt
  run_on_terminal() { script -qfec "$(printf '%q ' "$seek" "$@")" /dev/null < /dev/null; }
  for mode in --csv --json --srt --vtt --edl --cmx3600 --safe-csv; do
    run_on_terminal "$mode" hello osc.srt > .tty 2>&1
    raw=$(LC_ALL=C grep -c $'\033]\\|\302\205\\|\033\\[31m' .tty)
    report "$(verdict test "$raw" = 0)" "4. seek $mode hello osc.srt on a terminal" "lines with raw OSC/C1/CSI from the file: $raw"
  done
  "$seek" --csv hello osc.srt > .pipe; exact=$(LC_ALL=C grep -c $'\033]0;PWNED\007' .pipe)
  report "$(verdict test "$exact" = 1)" "4. --csv into a pipe stays byte-exact" "lines with the file's own OSC bytes: $exact"
  "$seek" --json hello osc.srt > .json
  esc=$(grep -c '\\u0085' .json; ) del=$(grep -c '\\u007f' .json)
  parsed=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["text"] == "hello \x1b]0;PWNED\x07 \x85 \x7f \x1b[31mred")' .json 2>&1)
  report "$(verdict test "$esc$del$parsed" = 11True)" "4. --json escapes C1 and DEL" "\\u0085: $esc, \\u007f: $del, parses to the exact text: $parsed"
fi

# ==== 5. closed standard descriptors ===================================================================
if wanted "5. "; then
  "$seek" --json --output out5.json hello ok.srt missing.srt 2>&-; s=$?
  leaked=$(grep -c 'seek:' out5.json)
  report "$(verdict test "$leaked$s" = 02)" "5. seek --json --output out.json hello ok.srt missing.srt 2>&-" "status $s, diagnostic lines in the output: $leaked"
  "$seek" --json --output out5b.json hello ok.srt missing.srt >&- 2>&-; s=$?
  report "$(verdict test "$(grep -c 'seek:' out5b.json)$s" = 02)" "5. the same with >&- too (variant)" "status $s, diagnostic lines: $(grep -c 'seek:' out5b.json)"
  mkdir -p closed; (cd closed && "$seek" hello ../ok.srt >&- 2>../.err); s=$?
  report "$(verdict test "$s" = 0 -a -z "$(ls closed)")" "5. seek hello ok.srt >&- (output to /dev/null) (variant)" "status $s, files made: $(ls closed | wc -l)"
  "$seek" --json --output out5c.json hello - <&- 2>.err; s=$?
  report "$(verdict test "$s" != 0 -o ! -s out5c.json)" "5. seek --output out hello - <&- (variant)" "status $s, $(head -c 60 .err | tr '\n' ' ')"
fi

# ==== 6. newline in a file name =======================================================================
if wanted "6. "; then
  "$seek" hello $'no\nseek: injected line' 2>.err; s=$?
  lines=$(wc -l < .err); injected=$(grep -c '^seek: injected' .err)
  report "$(verdict test "$injected$lines" = 01)" "6. seek hello \$'no\\nseek: injected line'" "status $s, $lines stderr line(s), forged: $injected"
  printf 'hello\n' > $'evil\r\033[2Jname.srt'
  "$seek" -H hello $'evil\r\033[2Jname.srt' $'also\nmissing' > .out 2>.err; s=$?
  raw=$(cat .out .err | LC_ALL=C grep -c $'\r\\|\033')
  report "$(verdict test "$raw" = 0)" "6. CR/ESC in names, output and errors (variant)" "status $s, lines with raw CR/ESC: $raw"
  "$seek" -l hello $'evil\r\033[2Jname.srt' > .out; "$seek" --json hello $'evil\r\033[2Jname.srt' > .json
  report "$(verdict test "$(LC_ALL=C grep -c $'\033' .out .json | awk -F: '{ s += $2 } END { print s }')" = 0)" "6. -l and --json with such a name (variant)" "$(head -c 60 .out | tr '\n' ' ')"
fi

# ==== 7. non-UTF-8 names =============================================================================
if wanted "7. "; then
  "$seek" --json --output $'out\xe9.json' hello ok.srt; s=$?
  report "$(verdict test -f $'out\xe9.json')" "7. --output \$'out\\xe9.json'" "status $s, written by its bytes: $([ -f $'out\xe9.json' ] && echo yes || echo no), named by the display form: $([ -e $'out\xef\xbf\xbd.json' ] && echo yes || echo no)"
  mkdir -p $'d\xe9'; srt "hello there" > $'d\xe9/lat\xe9.srt'
  open_navigator "$work/"$'d\xe9' hello $'lat\xe9.srt'
  wait_for " 1/1 " && tm send-keys -t t w && wait_for "write matches to:" && tm send-keys -t t Enter
  wait_for "exported 1 match" && said=yes || said=no
  tm send-keys -t t q; wait_for SEEK-EXIT=
  report "$(verdict test -f $'d\xe9/lat\xe9.matches.jsonl')" "7. w on d\\xe9/lat\\xe9.srt" "exported: $said, file by real bytes: $([ -f $'d\xe9/lat\xe9.matches.jsonl' ] && echo yes || echo no)"
  "$seek" -r -c hello $'d\xe9' > .out 2>.err; s=$?
  report "$(verdict test "$s" = 0)" "7. -r on a non-UTF-8 directory (variant)" "status $s, $(head -c 60 .out | tr '\n' ' ')"
  "$seek" --json --output $'d\xe9/x\xff\xfe.json' hello $'d\xe9/lat\xe9.srt'; s=$?
  report "$(verdict test -f $'d\xe9/x\xff\xfe.json')" "7. --output into it with invalid bytes (variant)" "status $s"
fi

# ==== 8. signals ======================================================================================
if wanted "8. "; then
  mkdir -p s8; srt "hello there" > s8/a.srt
  for sig in HUP INT QUIT ILL TRAP ABRT BUS FPE USR1 SEGV USR2 PIPE ALRM TERM STKFLT XCPU XFSZ VTALRM PROF IO PWR SYS RTMIN RTMAX; do
    wanted "8. signal $sig" || continue
    open_navigator "$work/s8" hello a.srt
    wait_for " 1/1 " || { report FAIL "8. signal $sig" "navigator did not open"; continue; }
    pid=$(navigator_pid); kill -s "$sig" "$pid"
    wait_for SEEK-EXIT= 5 && ended=yes || ended=no
    [ $ended = no ] && kill -KILL "$pid" 2>/dev/null
    report "$(verdict restored)" "8. signal $sig to the navigator" "ended: $ended ($(screen | grep -o 'SEEK-EXIT=[0-9]*')), terminal restored: $(restored && echo yes || echo no)"
  done
  if wanted "8. stop"; then
    tm kill-server >/dev/null 2>&1
    sessions=$((sessions + 1)); socket="issue22-$$-$sessions"
    tm new-session -d -s t -x 100 -y 30 env TERM=xterm-256color PS1='$ ' bash --norc --noprofile -i
    tm send-keys -t t -l "cd $work/s8 && $(printf '%q' "$seek") -i hello a.srt a.srt"; tm send-keys -t t Enter
    wait_for " 1/2 "; pid=$(pgrep -P "$(tm display-message -p -t t '#{pane_pid}')" | head -n 1)
    kill -STOP "$pid"; sleep 0.5; tm send-keys -t t -l fg; tm send-keys -t t Enter
    sleep 0.5; tm send-keys -t t n
    wait_for " 2/2 " 5 && raw=yes || raw=no
    tty=$(tm display-message -p -t t '#{pane_tty}'); modes=$(stty -a -F "$tty")
    report "$(verdict test $raw = yes)" "8. kill -STOP, fg, then n without Enter" "keys raw again: $raw, $(grep -o -- '-\?icanon\|-\?echo ' <<<"$modes" | tr '\n' ' ')"
    tm send-keys -t t C-z; sleep 0.5; tm send-keys -t t -l fg; tm send-keys -t t Enter; sleep 0.5; tm send-keys -t t N
    wait_for " 1/2 " 5 && raw=yes || raw=no
    report "$(verdict test $raw = yes)" "8. Ctrl-Z, fg, then N (variant)" "keys raw again: $raw"
    tm send-keys -t t q
  fi
  if wanted "8. SIGBUS"; then
    mkdir -p bus; yes 'a' | head -c $((megabytes * 2000000)) > bus/big.txt
    left=0; statuses=""
    for delay in 0.05 0.2 0.5 1; do
      yes 'a' | head -c $((megabytes * 2000000)) > bus/big.txt
      (cd bus && exec "$seek" --json --output out.json a big.txt 2>/dev/null) & p=$!
      sleep "$delay"; truncate -s 0 bus/big.txt; wait "$p"; statuses+="$? "
      left=$((left + $(find bus -name '.*seek-*' | grep -c .)))
    done
    report "$(verdict test "$left" = 0)" "8. file truncated under a map while --output writes" "statuses $statuses temporary files left: $left"
    mkfifo bus/slow; (exec 7<>bus/slow; sleep 30) & holder=$!
    (cd bus && exec "$seek" --json --output out2.json hello - < slow 2>/dev/null) & p=$!
    sleep 0.5; kill -BUS "$p"; wait "$p"; s=$?; kill "$holder" 2>/dev/null
    report "$(verdict test "$(ls bus | grep -c out2)" = 0)" "8. kill -BUS during --output (variant)" "status $s, left: $(ls bus | grep out2 | tr '\n' ' ')"
  fi
fi

# ==== 9. quadratic corners ===========================================================================
if wanted "9. "; then
  yes 'hello there, one line of a transcript.' | head -c 4000000 > four.txt
  long=$(head -c 16000 /dev/zero | tr '\0' a)
  measure 60 "$seek" -c "$long" four.txt >/dev/null 2>.err
  report "$(verdict test "$status" != 137)" "9. 16,000-character keyword on 4 MB" "$(figures): $(head -c 70 .err | tr '\n' ' ')"
  long=$(head -c 256 /dev/zero | tr '\0' a)
  yes "$(head -c 255 /dev/zero | tr '\0' a)b" | head -c 4000000 > near.txt
  measure 60 "$seek" -c "$long" near.txt >.out 2>.err
  report "$(verdict awk -v c="$cpu" 'BEGIN { exit !(c < 2) }')" "9. 256-char a…a on near misses a…ab, 4 MB (variant)" "$(figures), count $(cat .out)"
  measure 60 "$seek" -c -w "$long" near.txt >.out 2>.err
  report "$(verdict awk -v c="$cpu" 'BEGIN { exit !(c < 2) }')" "9. the same with -w (variant)" "$(figures), count $(cat .out)"
  longe=$(head -c 256 /dev/zero | tr '\0' a | sed 's/a$/é/')
  measure 60 "$seek" -c "$longe" near.txt >.out 2>.err
  report "$(verdict awk -v c="$cpu" 'BEGIN { exit !(c < 2) }')" "9. 255 a + é (non-ASCII pass) on it (variant)" "$(figures), count $(cat .out)"
  measure 60 "$seek" -c --ignore-accents "$long" near.txt >.out 2>.err
  report "$(verdict awk -v c="$cpu" 'BEGIN { exit !(c < 2) }')" "9. --ignore-accents a…a on it (variant)" "$(figures), count $(cat .out)"
  yes 'the quick brown fox jumps over the lazy dog, 12345' | head -c 11000000 > eleven.txt
  keywords=(); for ((i = 0; i < 10000; i++)); do keywords+=(-e "kw$i-zz"); done
  measure 60 "$seek" -c "${keywords[@]}" eleven.txt >.out 2>.err
  report "$(verdict awk -v c="$cpu" 'BEGIN { exit !(c < 3) }')" "9. 10,000 -e keywords on 11 MB" "$(figures), count $(cat .out)"
  keywords=(); for ((i = 0; i < 1000; i++)); do keywords+=(-e "é$i"); done
  measure 60 "$seek" -c "${keywords[@]}" eleven.txt >.out 2>.err
  report "$(verdict test "$status" != 137)" "9. 1,000 non-ASCII -e keywords on 11 MB (variant)" "$(figures), count $(cat .out)"
  cue=$(head -c 40000 /dev/zero | tr '\0' k); srt "$cue" > kcue.srt
  kw=$(head -c 2000 /dev/zero | tr '\0' k | sed 's/k$/é/')
  measure 60 "$seek" -c "$kw" kcue.srt >/dev/null 2>.err
  report "$(verdict test "$status" != 137)" "9. 2,000-char keyword with k on a 40 KB cue" "$(figures): $(head -c 60 .err | tr '\n' ' ')"
  kw=$(head -c 255 /dev/zero | tr '\0' k)é
  srt "$(head -c 4000000 /dev/zero | tr '\0' k)" > kcue4.srt
  measure 60 "$seek" -c "$kw" kcue4.srt >.out 2>.err
  report "$(verdict awk -v c="$cpu" 'BEGIN { exit !(c < 2) }')" "9. 255 k + é on a 4 MB cue of k (variant)" "$(figures), count $(cat .out)"
  measure 60 "$seek" -c -w --ignore-accents "$kw" kcue4.srt >.out 2>.err
  report "$(verdict awk -v c="$cpu" 'BEGIN { exit !(c < 2) }')" "9. the same with -w --ignore-accents (variant)" "$(figures), count $(cat .out)"
  rm -f four.txt near.txt eleven.txt kcue4.srt
fi

# ==== 10. memory =====================================================================================
# big_case LABEL FILE FACTOR ARGS…: the output goes to /dev/null (written all the same: seek does
# not look for it); PASS when the peak is at most FACTOR times the file. A FILE not there yet is
# written by big_file.
big_case() {
  local label=$1 file=$2 factor=$3; shift 3
  wanted "$label" || return
  [ -e "$file" ] || big_file "$file"
  local bytes; bytes=$(size_of "$file")
  measure 900 "$seek" "$@" "$file" > /dev/null 2>.err
  report "$(verdict within "$bytes" "$factor")" "$label" "$(figures "$bytes")"
}
# big_file FILE: writes FILE, one of the big files of the cases below, the first time a wanted
# case reads it (so a PATTERN builds only the files its cases read).
big_file() {
  local bytes=$((megabytes * 1000000))
  case $1 in
    two.txt) yes a | head -c "$bytes" > two.txt ;;
    every.srt)
      awk -v n="$bytes" 'function t(ms) { return sprintf("%02d:%02d:%02d,%03d", int(ms / 3600000), int(ms / 60000) % 60, int(ms / 1000) % 60, ms % 1000) }
        BEGIN { for (i = 1; size < n; i++) { line = i "\n" t(i * 100) " --> " t(i * 100 + 90) "\na b\n\n"; printf "%s", line; size += length(line) } }' > every.srt ;;
    dense.txt) yes 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' | head -c "$bytes" > dense.txt ;;
    oneline.txt) head -c "$bytes" /dev/zero | tr '\0' a > oneline.txt ;;
    abline.txt) yes 'ab ' | tr -d '\n' | head -c "$bytes" > abline.txt ;;
    latin1.txt) yes $'caf\xe9 a' | head -c "$bytes" > latin1.txt ;;
    latin1b.txt) yes $'\xe9\xe9\xe9' | head -c "$bytes" > latin1b.txt ;;
    utf16.txt) { printf '\xff\xfe'; yes a | head -c $((bytes / 2)) | iconv -f UTF-8 -t UTF-16LE; } > utf16.txt ;;
    utf16b.txt) { printf '\xff\xfe'; yes 'é' | head -c $((bytes / 2)) | iconv -f UTF-8 -t UTF-16LE 2>/dev/null; } > utf16b.txt ;;
  esac
}
# group_wanted PREFIX: whether PATTERN may want a case whose label starts with PREFIX: PATTERN is
# part of PREFIX ("10.", "10. shape") or goes on from it ("10. shape srt, tiny cues, --json").
group_wanted() { [ -z "$only" ] || [[ "$1" == *"$only"* ]] || [[ "$only" == "$1"* ]]; }
big_case "10. 100 MB of two-byte lines, no match" two.txt 3 hello
big_case "10. the same, every line matches, printed" two.txt 3 a
big_case "10. the same, --json" two.txt 3 --json a
big_case "10. the same, -c" two.txt 3 -c a
big_case "10. the same, -v" two.txt 3 -v hello
big_case "10. the same, -C 1 (variant)" two.txt 3 -C 1 a
big_case "10. the same, --csv (variant)" two.txt 3 --csv a
big_case "10. the same, --json --output a file (variant)" two.txt 3 --json --output two.json a
rm -f two.json two.txt
big_case "10. SRT where every cue matches, printed (variant)" every.srt 3 a
big_case "10. the same, --json (variant)" every.srt 3 --json a
rm -f every.srt
big_case "10. every byte a match (a on aaa… lines) (variant)" dense.txt 3 a
big_case "10. the same, -e a -e aa (variant)" dense.txt 3 -e a -e aa
rm -f dense.txt
big_case "10. one 100 MB line, -c a (variant)" oneline.txt 3 -c a
big_case "10. one 100 MB line, printed (variant)" oneline.txt 3 a
big_case "10. one line of 'ab ', -e a -e b (variant)" abline.txt 3 -e a -e b
big_case "10. the same, -c (variant)" abline.txt 3 -c -e a -e b
rm -f oneline.txt abline.txt
big_case "10. Latin-1 lines, é a matches (variant)" latin1.txt 3 a
big_case "10. Latin-1 lines, -c (variant)" latin1.txt 3 -c a
big_case "10. Latin-1 of é only, no match (variant)" latin1b.txt 3 hello
big_case "10. Latin-1 of é only, -v: every cue printed (variant)" latin1b.txt 3 -v hello
big_case "10. Latin-1 of é only, -C 1 (variant)" latin1b.txt 3 -C 1 hello
rm -f latin1.txt latin1b.txt
big_case "10. UTF-16LE two-byte lines, printed (variant)" utf16.txt 3 a
big_case "10. UTF-16LE é lines, no match (variant)" utf16b.txt 3 hello
rm -f utf16.txt utf16b.txt
if wanted "10. 5,000 files with -r -c (variant)"; then
  mkdir -p many; for ((i = 0; i < 5000; i++)); do srt "hello $i" > "many/f$i.srt"; done
  measure 120 "$seek" -r -c hello many > .out 2>.err
  report "$(verdict test "$status" = 0 -a "$(wc -l < .out)" = 5000)" "10. 5,000 files with -r -c (variant)" "$(figures), $(wc -l < .out) lines"
  rm -rf many
fi
# ---- 10, other shapes: every format, giant cues, every output mode, -r, standard input ------------
# shapes.py KIND FORMAT BYTES FILE: writes a file of about BYTES in FORMAT, either many tiny cues
# ("tiny": each cue's text 'a b') or one giant cue ("giant": its text 'a b a b …').
cat > "$work/shapes.py" <<'PY'
import sys
kind, fmt, size, path = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
def clock(ms, sep=',', hours=True):
    h, m, s, f = ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000
    return ('%02d:%02d:%02d%s%03d' % (h, m, s, sep, f)) if hours else ('%d:%02d:%02d%s%03d' % (h, m, s, sep, f))
head, tail, cue = {
    'srt': ('', '', lambda i, t: '%d\n%s --> %s\n%s\n\n' % (i, clock(i * 100), clock(i * 100 + 90), t)),
    'vtt': ('WEBVTT\n\n', '', lambda i, t: '%s --> %s\n%s\n\n' % (clock(i * 100, '.'), clock(i * 100 + 90, '.'), t)),
    'ass': ('[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n', '',
            lambda i, t: 'Dialogue: 0,%s,%s,Default,,0,0,0,,%s\n' % (clock(i * 100, '.', False)[:-1], clock(i * 100 + 90, '.', False)[:-1], t)),
    'ttml': ('<?xml version="1.0" encoding="UTF-8"?>\n<tt xmlns="http://www.w3.org/ns/ttml"><body><div>\n', '</div></body></tt>\n',
             lambda i, t: '<p begin="%.1fs" end="%.2fs">%s</p>\n' % (i / 10, i / 10 + 0.09, t)),
    'smi': ('<SAMI>\n<BODY>\n', '</BODY>\n</SAMI>\n', lambda i, t: '<SYNC Start=%d><P Class=ENUSCC>%s</P></SYNC>\n' % (i * 100, t)),
    'json': ('{"segments": [\n', ']}\n', lambda i, t: '%s{"start": %.1f, "end": %.2f, "text": " %s"}\n' % ('' if i == 1 else ',', i / 10, i / 10 + 0.09, t)),
    'words.json': ('{"segments": [\n', ']}\n', lambda i, t: '%s{"start": %.1f, "end": %.2f, "text": " %s", "words": [%s]}\n' % (
        '' if i == 1 else ',', i / 10, i / 10 + 0.09, t,
        ', '.join('{"word": "%s", "start": %.2f, "end": %.2f}' % (w, i / 10 + k / 100, i / 10 + k / 100 + 0.01) for k, w in enumerate(t.split()[:8])))),
    'podcast.json': ('{"version": "1.0.0", "segments": [\n', ']}\n', lambda i, t: '%s{"speaker": "A", "startTime": %.1f, "endTime": %.2f, "body": "%s"}\n' % (
        '' if i == 1 else ',', i / 10, i / 10 + 0.09, t)),
    'lrc': ('[ti:shapes]\n', '', lambda i, t: '[%02d:%02d.%02d]%s\n' % (i // 6000 % 100, i // 100 % 60, i % 100, t)),
    'sbv': ('', '', lambda i, t: '%s,%s\n%s\n\n' % (clock(i * 100, '.', False), clock(i * 100 + 90, '.', False), t)),
}[fmt]
with open(path, 'w') as out:
    out.write(head)
    if kind == 'giant':
        out.write(cue(1, 'a b ' * (size // 4)))
    else:
        written, i, chunk = len(head), 1, []
        while written < size:
            line = cue(i, 'a b'); chunk.append(line); written += len(line); i += 1
            if len(chunk) == 100000: out.write(''.join(chunk)); chunk = []
        out.write(''.join(chunk))
    out.write(tail)
PY
if group_wanted "10. shape"; then
  bytes=$((megabytes * 1000000))
  for format in srt vtt ass ttml smi json words.json podcast.json lrc sbv; do
    file="tiny.$format"; [ "$format" = words.json ] && file=tiny-words.json; [ "$format" = podcast.json ] && file=tiny-podcast.json
    group_wanted "10. shape $format" || continue
    python3 "$work/shapes.py" tiny "$format" "$bytes" "$file"
    big_case "10. shape $format, tiny cues, no match" "$file" 3 hello
    big_case "10. shape $format, tiny cues, every cue printed" "$file" 3 a
    big_case "10. shape $format, tiny cues, --json" "$file" 3 --json a
    big_case "10. shape $format, tiny cues, --csv" "$file" 3 --csv a
    big_case "10. shape $format, tiny cues, -c" "$file" 3 -c a
    big_case "10. shape $format, tiny cues, -l" "$file" 3 -l a
    rm -f "$file"
  done
  for format in srt vtt ass ttml smi json; do
    group_wanted "10. shape $format" || continue
    file="giant.$format"
    python3 "$work/shapes.py" giant "$format" "$bytes" "$file"
    big_case "10. shape $format, one giant cue, no match" "$file" 3 hello
    big_case "10. shape $format, one giant cue, printed" "$file" 3 a
    big_case "10. shape $format, one giant cue, -c" "$file" 3 -c a
    big_case "10. shape $format, one giant cue, --cues (variant)" "$file" 3 --cues
    rm -f "$file"
  done
fi
if group_wanted "10. -r"; then
  # 20,000 SRT files of 5 KB of tiny cues: 100 MB in all (scaled with ISSUE22_MB).
  python3 "$work/shapes.py" tiny srt 5000 one.srt
  mkdir -p library; files=$((megabytes * 200))
  for ((i = 0; i < files; i++)); do cp one.srt "library/f$i.srt"; done
  bytes=$(du -sb library | cut -f1)
  for mode in "hello" "a" "-c a" "-l a" "--json a"; do
    wanted "10. -r over $files files of 5 KB, $mode" || continue
    read -ra args <<< "$mode"
    measure 900 "$seek" -r "${args[@]}" library > /dev/null 2>.err
    report "$(verdict within "$bytes" 3)" "10. -r over $files files of 5 KB, $mode" "$(figures "$bytes")"
  done
  rm -rf library one.srt
fi
if group_wanted "10. stdin"; then
  python3 "$work/shapes.py" tiny srt $((megabytes * 1000000)) piped.srt
  bytes=$(size_of piped.srt)
  for mode in "-c a" "a" "hello" "--json a"; do
    read -ra args <<< "$mode"
    measure 900 bash -c 'cat "$1" | "$0" "${@:2}"' "$seek" piped.srt "${args[@]}" > /dev/null 2>.err
    report "$(verdict within "$bytes" 3)" "10. stdin: cat f.srt | seek $mode" "$(figures "$bytes")"
  done
  yes $'\xe9\xe9\xe9' | head -c "$bytes" > piped.txt
  measure 900 bash -c 'cat "$1" | "$0" hello' "$seek" piped.txt > /dev/null 2>.err
  report "$(verdict within "$bytes" 3)" "10. stdin: cat latin1.txt | seek hello" "$(figures "$bytes")"
  measure 900 bash -c 'cat "$1" | "$0" -c hello' "$seek" piped.txt > /dev/null 2>.err
  report "$(verdict within "$bytes" 3)" "10. stdin: cat latin1.txt | seek -c hello (variant)" "$(figures "$bytes")"
  measure 900 bash -c 'cat "$1" | "$0" -v hello' "$seek" piped.txt > /dev/null 2>.err
  report "$(verdict within "$bytes" 3)" "10. stdin: cat latin1.txt | seek -v hello (variant)" "$(figures "$bytes")"
  measure 900 bash -c '"$0" hello <(cat "$1")' "$seek" piped.txt > /dev/null 2>.err
  report "$(verdict within "$bytes" 3)" "10. a pipe as a path: seek hello <(cat latin1.txt) (variant)" "$(figures "$bytes")"
  { printf '\xff\xfe'; yes 'é' | head -c $((bytes / 2)) | iconv -f UTF-8 -t UTF-16LE 2>/dev/null; } > piped16.txt
  measure 900 bash -c 'cat "$1" | "$0" hello' "$seek" piped16.txt > /dev/null 2>.err
  report "$(verdict within "$(size_of piped16.txt)" 3)" "10. stdin: cat utf16.txt | seek hello (variant)" "$(figures "$(size_of piped16.txt)")"
  python3 "$work/shapes.py" tiny ttml "$bytes" piped.ttml
  for mode in "hello" "-c a" "-l a"; do
    read -ra args <<< "$mode"
    measure 900 bash -c 'cat "$1" | "$0" --format ttml "${@:2}"' "$seek" piped.ttml "${args[@]}" > /dev/null 2>.err
    report "$(verdict within "$(size_of piped.ttml)" 3)" "10. stdin: cat f.ttml | seek $mode (variant)" "$(figures "$(size_of piped.ttml)")"
  done
  rm -f piped.srt piped.txt piped16.txt piped.ttml
fi
if group_wanted "10. encoded"; then
  # encoded.py CODEC BOM TEXT BYTES FILE: TEXT repeated to about BYTES in CODEC, after BOM (hex).
  cat > "$work/encoded.py" <<'PY'
import sys
codec, bom, text, size, path = sys.argv[1], bytes.fromhex(sys.argv[2]), sys.argv[3].replace('\\n', '\n'), int(sys.argv[4]), sys.argv[5]
unit = text.encode(codec)
with open(path, 'wb') as out:
    out.write(bom)
    block = unit * max(1, 65536 // len(unit))
    for _ in range(size // len(block)): out.write(block)
PY
  bytes=$((megabytes * 1000000))
  while IFS='|' read -r label codec bom text; do
    group_wanted "10. encoded $label" || continue
    python3 "$work/encoded.py" "$codec" "$bom" "$text" "$bytes" encoded.txt
    big_case "10. encoded $label, no match" encoded.txt 3 hello
    big_case "10. encoded $label, -c" encoded.txt 3 -c hello
    [ "$codec" = latin-1 ] && big_case "10. encoded $label, -v: the one cue printed (variant)" encoded.txt 3 -v hello
    rm -f encoded.txt
  done <<'LIST'
Latin-1 é without a line break|latin-1||éééééééé
windows-1252 quotes and dashes|cp1252||“qué” — l’été\n
ISO-8859-2 Polish|iso8859-2||Zażółć gęślą jaźń\n
windows-874 Thai lines|cp874||สวัสดีครับ\n
Shift_JIS Japanese|shift_jis||こんにちは世界\n
GB18030 Chinese|gb18030||你好世界你好\n
Big5 Chinese|big5||你好世界\n
EUC-KR Korean|euc-kr||안녕하세요\n
UTF-16LE CJK with BOM|utf-16-le|fffe|你好世界你好\n
UTF-16BE CJK with BOM|utf-16-be|feff|你好世界你好\n
UTF-16LE ASCII with BOM|utf-16-le|fffe|hi there\n
UTF-16BE ASCII with BOM|utf-16-be|feff|hi there\n
UTF-16LE ASCII without BOM|utf-16-le||hi there\n
UTF-32LE with BOM|utf-32-le|fffe0000|héllo wörld\n
LIST
  # Thai lines with a Thai keyword on one line in 100,000: its matching cues printed (the Regex
  # searches every line).
  if group_wanted "10. encoded windows-874 Thai"; then
    python3 - "$bytes" encoded.txt <<'PY'
import sys
size, path = int(sys.argv[1]), sys.argv[2]
block = ('สวัสดีครับ\n' * 99999 + 'ลาก่อน\n').encode('cp874')
with open(path, 'wb') as out:
    for _ in range(max(1, size // len(block))): out.write(block)
PY
    big_case "10. encoded windows-874 Thai, a match printed (variant)" encoded.txt 3 ลาก่อน
    big_case "10. encoded windows-874 Thai, -m 2 (variant)" encoded.txt 3 -m 2 ลาก่อน
    big_case "10. encoded windows-874 Thai, every line printed (variant)" encoded.txt 3 สวัสดี
    big_case "10. encoded windows-874 Thai, every line --csv (variant)" encoded.txt 3 --csv สวัสดี
    rm -f encoded.txt
  fi
  # Every line a match in other encodings: each line's cue, match and record printed or exported.
  while IFS='|' read -r label codec bom text keyword; do
    group_wanted "10. encoded $label, every line" || continue
    python3 "$work/encoded.py" "$codec" "$bom" "$text" "$bytes" encoded.txt
    big_case "10. encoded $label, every line printed (variant)" encoded.txt 3 "$keyword"
    big_case "10. encoded $label, every line --json (variant)" encoded.txt 3 --json "$keyword"
    rm -f encoded.txt
  done <<'LIST'
windows-1252 quotes and dashes|cp1252||“qué” — l’été\n|qué
ISO-8859-2 Polish|iso8859-2||Zażółć gęślą jaźń\n|gęślą
Shift_JIS Japanese|shift_jis||こんにちは世界\n|世界
GB18030 Chinese|gb18030||你好世界你好\n|世界
Big5 Chinese|big5||你好世界\n|世界
EUC-KR Korean|euc-kr||안녕하세요\n|안녕
UTF-16LE CJK with BOM|utf-16-le|fffe|你好世界你好\n|世界
UTF-16BE ASCII with BOM|utf-16-be|feff|hi there\n|there
UTF-32LE with BOM|utf-32-le|fffe0000|héllo wörld\n|wörld
LIST
fi
if wanted "10. w"; then
  mkdir -p w10; yes a | head -c 20000000 > w10/ten.txt
  bytes=$(size_of w10/ten.txt)
  open_navigator "$work/w10" a ten.txt
  start=$SECONDS
  if wait_for " 1/10000000 " 120; then
    opened=$((SECONDS - start)); pid=$(navigator_pid)
    tm send-keys -t t w; wait_for "write matches to:"; tm send-keys -t t Enter
    start=$SECONDS; wait_for "exporting" 30 && progress=yes || progress=no
    tm send-keys -t t n; wait_for " 2/10000000 " 10 && responsive=yes || responsive=no
    wait_for "exported 10000000 matches" 600 && written=yes || written=no
    took=$((SECONDS - start)); peak=$(peak_of "$pid")
    tm send-keys -t t q; wait_for SEEK-EXIT=
    lines=$(wc -l < w10/ten.matches.jsonl)
    report "$(verdict test "$progress$responsive$written$lines" = yesyesyes10000000 -a "$peak" -le 600000)" "10. w with 10 million matches (20 MB of a lines)" \
      "opened in ${opened} s, progress: $progress, n during export: $responsive, written in ${took} s ($lines lines), peak $(mb "$peak") ($(awk -v k="$peak" -v b="$bytes" 'BEGIN { printf "%.1f", k * 1024 / b }')x file)"
  else
    report FAIL "10. w with 10 million matches" "navigator did not show 1/10000000: $(screen | tail -n 2 | tr '\n' ' ')"
  fi
  for ((i = 1; i <= 100000; i++)); do printf '%d\n00:00:01,000 --> 00:00:02,000\n%s\n\n' "$i" "a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a"; done > w10/dense.srt
  bytes=$(size_of w10/dense.srt)
  open_navigator "$work/w10" a dense.srt
  if wait_for " 1/10000000 " 120; then
    pid=$(navigator_pid)
    tm send-keys -t t w; wait_for "write matches to:"; tm send-keys -t t Enter
    wait_for "exported 10000000 matches" 600 && written=yes || written=no
    peak=$(peak_of "$pid"); tm send-keys -t t q; wait_for SEEK-EXIT=
    report "$( [ "$written" = yes ] && within "$bytes" 3 && echo PASS || echo FAIL)" "10. w with 10 million matches in 100,000 SRT cues (variant)" "written: $written, peak $(mb "$peak") ($(awk -v k="$peak" -v b="$bytes" 'BEGIN { printf "%.1f", k * 1024 / b }')x file)"
  else
    report FAIL "10. w with 10 million matches in SRT cues (variant)" "navigator did not show 1/10000000: $(screen | tail -n 2 | tr '\n' ' ')"
  fi
  # The same cues to $megabytes MB (45 million matches at 100 MB): the navigator's index of them.
  cues=$(python3 - $((megabytes * 1000000)) w10/dense-big.srt <<'PY'
import sys
size, path, text = int(sys.argv[1]), sys.argv[2], ' '.join(['a'] * 100)
written, i = 0, 0
with open(path, 'w') as out:
    while written < size:
        chunk = ''.join('%d\n00:00:01,000 --> 00:00:02,000\n%s\n\n' % (j, text) for j in range(i + 1, i + 10001))
        out.write(chunk); written += len(chunk); i += 10000
print(i)
PY
)
  bytes=$(size_of w10/dense-big.srt)
  open_navigator "$work/w10" a dense-big.srt
  if wait_for " 1/$((cues * 100)) " 300; then
    pid=$(navigator_pid); sleep 1; peak=$(peak_of "$pid"); tm send-keys -t t q; wait_for SEEK-EXIT=
    report "$(within "$bytes" 3 && echo PASS || echo FAIL)" "10. seek -i on $megabytes MB of dense SRT cues (variant)" "$((cues * 100)) matches, peak $(mb "$peak") ($(awk -v k="$peak" -v b="$bytes" 'BEGIN { printf "%.2f", k * 1024 / b }')x file)"
  else
    report FAIL "10. seek -i on $megabytes MB of dense SRT cues (variant)" "$(screen | tail -n 2 | tr '\n' ' ')"
  fi
  rm -f w10/dense-big.srt
  yes a | head -c $((megabytes * 1000000)) > w10/big.txt
  bytes=$(size_of w10/big.txt)
  open_navigator "$work/w10" hello big.txt
  if wait_for "no match" 120 || wait_for " 0/" 1; then
    pid=$(navigator_pid); sleep 1; peak=$(peak_of "$pid"); tm send-keys -t t q; wait_for SEEK-EXIT=
    report "$(awk -v k="$peak" -v b="$bytes" 'BEGIN { exit !(k * 1024 <= 3 * b) }' && echo PASS || echo FAIL)" "10. seek -i on $megabytes MB of two-byte lines (variant)" "peak $(mb "$peak") ($(awk -v k="$peak" -v b="$bytes" 'BEGIN { printf "%.2f", k * 1024 / b }')x file)"
  else
    report FAIL "10. seek -i on $megabytes MB of two-byte lines (variant)" "$(screen | tail -n 2 | tr '\n' ' ')"
  fi
  rm -rf w10
fi

# ==== 11. long output names ==========================================================================
if wanted "11. "; then
  name=$(head -c 245 /dev/zero | tr '\0' o).json
  "$seek" --json --output "$name" hello ok.srt 2>.err; s=$?
  report "$(verdict test "$s" = 0 -a -s "$name")" "11. --output with a 250-byte name" "status $s $(head -c 60 .err)"
  name=$(head -c 250 /dev/zero | tr '\0' o).json
  "$seek" --json --output "$name" hello ok.srt 2>.err; s=$?
  report "$(verdict test "$s" = 0 -a -s "$name")" "11. --output with a 255-byte name (variant)" "status $s $(head -c 60 .err)"
  name=$(head -c 85 /dev/zero | tr '\0' o | sed 's/o/é/g').json
  "$seek" --json --output "$name" hello ok.srt 2>.err; s=$?
  report "$(verdict test "$s" = 0 -a -s "$name")" "11. --output with 85 é (175 bytes) (variant)" "status $s $(head -c 60 .err)"
  mkdir -p deep; srt "hello" > "deep/$(head -c 240 /dev/zero | tr '\0' m).srt"
  names=(deep/*.srt); open_navigator "$work/deep" hello "${names[0]#deep/}"
  wait_for " 1/1 " && tm send-keys -t t w && wait_for "write matches to:" && tm send-keys -t t Enter
  wait_for "exported 1 match" && said=yes || said=no
  tm send-keys -t t q; wait_for SEEK-EXIT=
  report "$(verdict test $said = yes)" "11. w beside a 244-byte name (default name too long) (variant)" "exported: $said, $(screen | grep -o 'seek:.*\|.*too long.*' | head -n 1)"
fi

echo "issue 22 reproductions: $passes passed, $failures failed ($seek)"
[ "$failures" -eq 0 ]
