#!/usr/bin/env python3
"""Jar work for scripts/kotlin: unpacking the pinned wheel, and writing jars without a JDK `jar` tool.

USAGE:
  kotlin_toolchain.py unpack <wheel> <staging> <jars folder in wheel> <compiler jar> <library jar>...
  kotlin_toolchain.py plugin-jar <output>      The kotlinx-serialization compiler plugin stub (see below).
  kotlin_toolchain.py jar <classes folder> <output>

Errors go to stderr as 'error: …': exit status 1 when the work fails, 2 for a usage error.
"""
import os
import shutil
import sys
import zipfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import script_cli  # noqa: E402

PROGRAM = "scripts/kotlin_toolchain.py"
USAGE = f"{PROGRAM} unpack | plugin-jar | jar <argument>..."

# Fixed timestamps keep jars byte-identical for identical classes.
EPOCH = (1980, 1, 1, 0, 0, 0)
MANIFEST = "Manifest-Version: 1.0\nCreated-By: scripts/kotlin\n\n"
# The wheel's all-in-one compiler jar contains the kotlinx-serialization compiler plugin. Passing that jar
# to -Xplugin registers every bundled plugin and crashes; a jar holding only this services file registers
# the serialization plugin alone (its classes are on the compiler's classpath already).
PLUGIN_SERVICE = "META-INF/services/org.jetbrains.kotlin.compiler.plugin.CompilerPluginRegistrar"
PLUGIN_REGISTRAR = "org.jetbrains.kotlinx.serialization.compiler.extensions.SerializationComponentRegistrar"


class ToolchainError(Exception):
    """The work cannot be done (a wheel or jar without the expected content); the message says what is wrong."""


def entry(name):
    info = zipfile.ZipInfo(name, EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def write_atomically(output, fill):
    partial = output + ".partial"
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as target:
        target.writestr(entry("META-INF/MANIFEST.MF"), MANIFEST)
        fill(target)
    os.replace(partial, output)


def unpack(wheel, staging, jars, compiler_jar, *libraries):
    with zipfile.ZipFile(wheel) as archive:
        with archive.open(f"{jars}/{compiler_jar}") as source, \
                open(f"{staging}/compiler/{compiler_jar}", "wb") as target:
            shutil.copyfileobj(source, target, 1 << 20)
        for name in libraries:
            if name.startswith("kotlinx-coroutines-core"):
                continue
            with archive.open(f"{jars}/{name}") as source, open(f"{staging}/lib/{name}", "wb") as target:
                shutil.copyfileobj(source, target, 1 << 20)

    # kotlinx-coroutines-core is embedded (unshaded) in the compiler jar: copy its classes and the module
    # metadata the Kotlin compiler needs to see its top-level functions into a jar of its own.
    coroutines = next(name for name in libraries if name.startswith("kotlinx-coroutines-core"))
    keep_files = {"META-INF/kotlinx-coroutines-core.kotlin_module", "META-INF/kotlinx_coroutines_core.version"}
    count = 0
    with zipfile.ZipFile(f"{staging}/compiler/{compiler_jar}") as compiler, \
            zipfile.ZipFile(f"{staging}/lib/{coroutines}", "w", zipfile.ZIP_DEFLATED) as target:
        target.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\nCreated-By: scripts/kotlin (from "
                        + compiler_jar + ")\n\n")
        for info in compiler.infolist():
            if (info.filename.startswith("kotlinx/coroutines/") and not info.is_dir()) or info.filename in keep_files:
                target.writestr(info.filename, compiler.read(info))
                count += 1
    if count < 500:
        raise ToolchainError(f"only {count} kotlinx-coroutines entries found in {compiler_jar}")
    with zipfile.ZipFile(f"{staging}/lib/{coroutines}") as jar:
        version = jar.read("META-INF/kotlinx_coroutines_core.version").decode().strip()
    if version != "1.8.0":
        raise ToolchainError(f"expected kotlinx-coroutines 1.8.0 in {compiler_jar}, found {version}")


def plugin_jar(output):
    write_atomically(output, lambda target: target.writestr(entry(PLUGIN_SERVICE), PLUGIN_REGISTRAR + "\n"))


def jar(classes, output):
    files = []
    for folder, subfolders, names in os.walk(classes):
        subfolders.sort()
        for name in sorted(names):
            path = os.path.join(folder, name)
            files.append((os.path.relpath(path, classes).replace(os.sep, "/"), path))
    if not any(name.endswith(".class") for name, _ in files):
        raise ToolchainError(f"no .class files under {classes}")

    def fill(target):
        for name, path in files:
            if name == "META-INF/MANIFEST.MF":
                continue
            with open(path, "rb") as source:
                target.writestr(entry(name), source.read())

    write_atomically(output, fill)


COMMANDS = {"unpack": (unpack, 5), "plugin-jar": (plugin_jar, 1), "jar": (jar, 2)}


def main(argv):
    """Runs one command; returns the exit status (0 done, 1 the work failed, 2 usage error)."""
    command, arguments = (argv[0], argv[1:]) if argv else ("", [])
    if command in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return script_cli.EXIT_SUCCESS
    if command not in COMMANDS:
        message = f"unknown option '{command}'" if command.startswith("-") else f"unknown command '{command}'" \
            if command else "missing command (unpack, plugin-jar or jar)"
        print(script_cli.usage_error_text(message, USAGE, PROGRAM), file=sys.stderr)
        return script_cli.EXIT_USAGE
    function, count = COMMANDS[command]
    if len(arguments) < count or (command != "unpack" and len(arguments) != count):
        message = f"'{command}' takes {'at least ' if command == 'unpack' else ''}{count} argument" \
            + ("s" if count != 1 else "") + f", got {len(arguments)}"
        print(script_cli.usage_error_text(message, USAGE, PROGRAM), file=sys.stderr)
        return script_cli.EXIT_USAGE
    try:
        function(*arguments)
    except (ToolchainError, OSError, KeyError, zipfile.BadZipFile) as error:
        script_cli.print_error(f"{command}: {error}")
        return script_cli.EXIT_FAILURE
    return script_cli.EXIT_SUCCESS


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
