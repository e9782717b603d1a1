#!/usr/bin/env bash
# A fake harness for ProcessImplementationTests that starts a background child which would outlive it.
#
# Usage: spawning-harness.sh MODE PIDFILE
#   hang  answer hello, then on the first run start `sleep 1000 &`, write its pid to PIDFILE and never answer
#   exit  answer hello, then on the first run start `sleep 1000 &` (which keeps stdout open), write its pid to
#         PIDFILE and exit 4
mode=$1
pidfile=$2
read -r _hello
printf '%s\n' '{"protocol":1,"implementation":{"name":"spawning","language":"Bash","version":"1.0"},"features":{}}'
read -r _run
sleep 1000 &
printf '%s\n' "$!" > "$pidfile.tmp" && mv "$pidfile.tmp" "$pidfile"
echo "spawning-harness: started child $!" >&2
if [ "$mode" = exit ]; then
  exit 4
fi
while true; do sleep 1; done
