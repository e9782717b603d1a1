# Shared plumbing of the bash scripts in scripts/: the one place their errors become text and exit codes.
#
# Source it after setting two variables:
#   PROGRAM  how the user calls the script, e.g. 'scripts/kotlin' (used in hints)
#   USAGE    its usage line, e.g. 'scripts/kotlin <subcommand>'
#
# Exit codes are those of the `conformance` CLI (Sources/Conformance/Reporting/ExitCode.swift):
#   0 success; 1 a failing check, build or gate; 2 a usage error or invalid input.
# Error wording is the CLI's too: 'error: <message>' on stderr; a usage error adds 'Usage: <usage line>' and
# "See '<program> --help'." (as `conformance run --bogus` prints).

readonly EXIT_FAILURE=1 EXIT_USAGE=2

# usage_error MESSAGE: the command line is wrong. Prints the error, the usage line and the help hint; exits 2.
usage_error() {
  printf 'error: %s\n' "$1" >&2
  printf 'Usage: %s\n' "$USAGE" >&2
  printf "See '%s --help'.\n" "$PROGRAM" >&2
  exit "$EXIT_USAGE"
}

# unknown_argument ARGUMENT: a usage error for an argument the script does not take ('unknown option' for one
# that starts with '-', as the CLI words it; otherwise 'unexpected argument').
unknown_argument() {
  if [[ $1 == -* ]]; then usage_error "unknown option '$1'"; fi
  usage_error "unexpected argument '$1'"
}

# print_error MESSAGE [DETAIL ...]: prints 'error: MESSAGE' and each DETAIL (what to do) indented, on stderr.
print_error() {
  printf 'error: %s\n' "$1" >&2
  shift
  local line
  for line in "$@"; do printf '  %s\n' "$line" >&2; done
}

# die MESSAGE [DETAIL ...]: a check, build or step failed; prints as print_error and exits 1.
die() {
  print_error "$@"
  exit "$EXIT_FAILURE"
}

# invalid_input MESSAGE [DETAIL ...]: an input (a file, a setting, the environment) cannot be used; prints as
# print_error and exits 2.
invalid_input() {
  print_error "$@"
  exit "$EXIT_USAGE"
}

# print_help_header FILE: prints FILE's leading comment block (from line 2 to the first line that is not a
# comment) without the '# ', so that a script's header doubles as its --help text.
print_help_header() {
  sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$1"
}
