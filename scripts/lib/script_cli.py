"""Shared plumbing of the Python scripts in scripts/: exit codes and error wording, the same as the bash scripts'
(scripts/lib/common.sh) and the `conformance` CLI's (Sources/ConformanceCLI/ConformanceCommand.swift).

Exit codes: 0 success; 1 a failing check, build or gate; 2 a usage error or invalid input.
A usage error prints, on stderr:

    error: unknown option '--bogus'
    Usage: scripts/bench [--scenarios N] [--runs N] [--skip-kotlin] [--keep]
    See 'scripts/bench --help'.

Import it from a script in scripts/ with:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
    import script_cli
"""
import argparse
import re
import sys

EXIT_SUCCESS = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2


def print_error(message, *details, stream=None):
    """Prints 'error: MESSAGE' and each DETAIL (what to do) indented by two spaces, on stderr."""
    stream = stream or sys.stderr
    print(f"error: {message}", file=stream)
    for line in details:
        print(f"  {line}", file=stream)


def usage_error_text(message, usage, program):
    """The three lines of a usage error, as the CLI prints them (without a final newline)."""
    return f"error: {message}\nUsage: {usage}\nSee '{program} --help'."


# argparse's messages (Python 3.8-3.13) and the CLI's words for them.
_REWORDINGS = [
    (re.compile(r"^unrecognized arguments: (\S+)"), lambda m: (
        f"unknown option '{m.group(1)}'" if m.group(1).startswith("-") else f"unexpected argument '{m.group(1)}'")),
    (re.compile(r"^argument (\S+?)(?:/\S+)?: expected one argument$"), lambda m: f"option '{m.group(1)}' needs a value"),
    (re.compile(r"^argument (\S+?)(?:/\S+)?: ignored explicit argument '(.*)'$"),
     lambda m: f"flag '{m.group(1)}' does not take a value"),
    (re.compile(r"^argument (\S+?)(?:/\S+)?: invalid int value: '(.*)'$"),
     lambda m: f"option '{m.group(1)}' needs a whole number, got '{m.group(2)}'"),
    (re.compile(r"^the following arguments are required: ([^,]+)"),
     lambda m: f"missing option '{m.group(1).split('/')[0]}'" if m.group(1).startswith("-")
     else f"missing argument '{m.group(1)}'"),
]


def reword(message):
    """Turns an argparse error message into the CLI's wording where one is known; otherwise returns it as is."""
    for pattern, replace in _REWORDINGS:
        match = pattern.match(message)
        if match:
            return replace(match)
    return message


class UsageParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors read like the CLI's and exit 2.

    `usage` is the one-line usage without 'Usage: ' (e.g. 'scripts/bench [--keep]'); `prog` is how the user
    calls the script (e.g. 'scripts/bench'). Abbreviated long options are not accepted, as in the CLI.
    """

    def __init__(self, prog, usage, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(prog=prog, usage=usage, **kwargs)
        self.usage_line = usage

    def error(self, message):
        print(usage_error_text(reword(message), self.usage_line, self.prog), file=sys.stderr)
        sys.exit(EXIT_USAGE)
