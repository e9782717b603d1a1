#!/usr/bin/env python3
"""Tests of what a Kotlin-only team downloads: the prebuilt `conformance` of scripts/release and the harness
library that scripts/maven-install puts into a Maven repository folder, used as docs/kotlin.md ("Using it from
Gradle") says, with no Swift toolchain.

The release build is reused when nothing changed (SwiftPM's own incremental build); on a fresh machine
scripts/release builds it, which takes several minutes. The Maven artifact is installed into a temporary folder.
The counter module of scripts/team-package/kotlin (its view model and main are docs/getting-started.md's samples)
is compiled against ONLY the installed jar and the dependencies its POM declares, resolved to the jars
scripts/kotlin has, and served to the prebuilt binary, which has no Swift code of the counter's: the binary serves
any feature from its manifest. Needs Debian's `maven` (scripts/test installs it) for the POM check.

Run: python3 -m unittest discover -s scripts -p 'test_release.py'
"""
import hashlib
import importlib.machinery
import importlib.util
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import unittest
import xml.etree.ElementTree as ElementTree
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
POM = "{http://maven.apache.org/POM/4.0.0}"
GROUP, ARTIFACT, JUNIT_ARTIFACT = "dev.udfconformance", "conformance-harness", "conformance-junit"
# What the prebuilt binary runs with: no Swift toolchain on PATH and nothing else from the environment.
BARE_PATH = "PATH=/usr/bin:/bin"
SAMPLES = "scripts/release-samples"
HELLO = '{"cmd":"hello","protocol":1}\n{"cmd":"bye"}\n'
# The platform scripts/release names the archive after (these tests run on Linux: ldd, env -i).
PLATFORM = "linux-" + {"aarch64": "arm64"}.get(platform.machine(), platform.machine())


def run(argv, **options):
    """Runs a command; returns the CompletedProcess with stdout and stderr as text."""
    options.setdefault("cwd", REPO)
    return subprocess.run(argv, capture_output=True, text=True, timeout=1800, **options)


def tool_version():
    with open(os.path.join(REPO, "Sources", "Conformance", "Implementations", "ConformanceVersion.swift")) as handle:
        return re.search(r'static let current = "([^"]+)"', handle.read()).group(1)


class Fixture:
    """Built once for every test: the release archive, the Maven repository folder, and the counter module
    compiled against the installed jar and its POM's dependencies."""

    folder = archive = repo = version = classes = classpath = None

    @classmethod
    def set_up(cls):
        cls.folder = tempfile.mkdtemp(prefix="release-test-")
        cls.version = tool_version()
        release = run([os.path.join(REPO, "scripts", "release")])
        if release.returncode != 0:
            raise AssertionError(f"scripts/release failed ({release.returncode}):\n{release.stderr[-4000:]}")
        cls.archive = release.stdout.strip()
        cls.repo = os.path.join(cls.folder, "maven")
        install = run([os.path.join(REPO, "scripts", "maven-install"), "--repo", cls.repo])
        if install.returncode != 0:
            raise AssertionError(f"scripts/maven-install failed ({install.returncode}):\n{install.stderr[-4000:]}")
        cls.classpath = [cls.artifact(".jar")] + [jar for _, jar in resolved_dependencies(cls.artifact(".pom"))]
        module = os.path.join(cls.folder, "counter")
        shutil.copytree(os.path.join(REPO, "scripts", "team-package", "kotlin"), module)
        written = run([os.path.join(REPO, "scripts", "doc-samples"), "write", "scripts/team-package/kotlin", module])
        if written.returncode != 0:
            raise AssertionError(f"docs/getting-started.md's Kotlin samples could not be written:\n{written.stderr}")
        cls.classes = os.path.join(module, "build", "classes")
        sources = os.path.join(module, "src", "main", "kotlin")
        compiled = run([os.path.join(REPO, "scripts", "kotlin"), "kotlinc", "-classpath",
                        os.pathsep.join(cls.classpath), "-d", cls.classes, sources])
        if compiled.returncode != 0:
            raise AssertionError("the counter module did not compile against the installed jar and the POM's "
                                 f"dependencies:\n{compiled.stderr[-4000:]}")

    @classmethod
    def artifact(cls, suffix, artifact=ARTIFACT):
        return os.path.join(cls.repo, *GROUP.split("."), artifact, cls.version, f"{artifact}-{cls.version}{suffix}")

    @classmethod
    def tear_down(cls):
        if cls.folder:
            shutil.rmtree(cls.folder, ignore_errors=True)


def setUpModule():
    Fixture.set_up()


def tearDownModule():
    Fixture.tear_down()


def pom_dependencies(pom, optional=False):
    """The (groupId, artifactId, version) of each dependency a POM declares, in order; with `optional`, a fourth
    item says whether it is optional."""
    root = ElementTree.parse(pom).getroot()
    return [tuple(dependency.findtext(POM + name) for name in ("groupId", "artifactId", "version"))
            + ((dependency.findtext(POM + "optional") == "true",) if optional else ())
            for dependency in root.iter(POM + "dependency")]


def transitive_closure(pom, repo):
    """The coordinates a build that depends on `pom` gets, as Maven and Gradle resolve them: its own, then those of
    each dependency that is not optional, recursively, through the POMs `repo` holds (the others are leaves here:
    their POMs are Maven Central's)."""
    root = ElementTree.parse(pom).getroot()
    found = [tuple(root.findtext(POM + name) for name in ("groupId", "artifactId", "version"))]
    for group, artifact, version, optional in pom_dependencies(pom, optional=True):
        if optional:
            continue
        path = os.path.join(repo, *group.split("."), artifact, version, f"{artifact}-{version}.pom")
        found += transitive_closure(path, repo) if os.path.exists(path) else [(group, artifact, version)]
    return list(dict.fromkeys(found))


def resolved_dependencies(pom):
    """Each dependency the POM declares and the jar of scripts/kotlin's that is it ('<artifactId>-<version>.jar');
    raises AssertionError when scripts/kotlin has no such jar."""
    libraries = run([os.path.join(REPO, "scripts", "kotlin"), "libraries"]).stdout.strip().split(os.pathsep)
    by_name = {os.path.basename(jar): jar for jar in libraries}
    found = []
    for coordinates in pom_dependencies(pom):
        name = f"{coordinates[1]}-{coordinates[2]}.jar"
        if name not in by_name:
            raise AssertionError(f"the POM declares {':'.join(coordinates)}, which scripts/kotlin does not have "
                                 f"(it has {sorted(by_name)})")
        found.append((coordinates, by_name[name]))
    return found


def jar_version(jar):
    """The version a library jar says it is: its manifest's Implementation-Version, or kotlinx-coroutines' version
    file (its jar is cut out of the compiler's, without a manifest of its own)."""
    with zipfile.ZipFile(jar) as archive:
        names = set(archive.namelist())
        if "META-INF/kotlinx_coroutines_core.version" in names:
            return archive.read("META-INF/kotlinx_coroutines_core.version").decode().strip()
        manifest = archive.read("META-INF/MANIFEST.MF").decode()
    # kotlin-stdlib's says '1.9.23-release-779'.
    match = re.search(r"^Implementation-Version: *([^\s-]+)", manifest, re.MULTILINE)
    return match.group(1) if match else None


class MavenArtifactTests(unittest.TestCase):
    def test_the_pom_is_valid_to_maven_offline(self):
        if shutil.which("mvn") is None:
            self.fail("mvn is missing, so the POM cannot be checked: apt-get install -y maven (scripts/test does)")
        local = os.path.join(Fixture.folder, "m2")
        for artifact in (ARTIFACT, JUNIT_ARTIFACT):
            with self.subTest(artifact):
                result = run(["mvn", "-o", "-q", "-B", "-f", Fixture.artifact(".pom", artifact),
                              f"-Dmaven.repo.local={local}", "validate"])
                self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_the_pom_names_the_coordinates_and_the_exact_versions_the_jar_is_compiled_against(self):
        root = ElementTree.parse(Fixture.artifact(".pom")).getroot()
        self.assertEqual([root.findtext(POM + name) for name in ("groupId", "artifactId", "version", "packaging")],
                         [GROUP, ARTIFACT, Fixture.version, "jar"])
        resolved = resolved_dependencies(Fixture.artifact(".pom"))
        self.assertEqual([coordinates[1] for coordinates, _ in resolved],
                         ["kotlin-stdlib", "kotlinx-coroutines-core-jvm", "kotlinx-serialization-core-jvm",
                          "kotlinx-serialization-json-jvm"])
        libraries = run([os.path.join(REPO, "scripts", "kotlin"), "libraries"]).stdout.strip().split(os.pathsep)
        self.assertEqual([jar for _, jar in resolved], libraries, "the POM declares other jars than the compile's")
        for (group, artifact, version), jar in resolved:
            with self.subTest(artifact):
                # kotlinx-serialization-json's jar names its version only in its file name, which resolving it
                # compared already; the others say theirs inside.
                if artifact != "kotlinx-serialization-json-jvm":
                    self.assertEqual(jar_version(jar), version)
                expected_group = "org.jetbrains.kotlin" if artifact == "kotlin-stdlib" else "org.jetbrains.kotlinx"
                self.assertEqual(group, expected_group)
        kotlin = next(version for (_, artifact, version), _ in resolved if artifact == "kotlin-stdlib")
        self.assertIn(f"compile against it with Kotlin {kotlin} or later", root.findtext(POM + "description"))

    def test_the_jar_is_the_library_alone(self):
        jar = run([os.path.join(REPO, "scripts", "kotlin"), "jar"]).stdout.strip()
        with open(jar, "rb") as built, open(Fixture.artifact(".jar"), "rb") as installed:
            self.assertEqual(installed.read(), built.read(), "the installed jar is not scripts/kotlin's")
        with zipfile.ZipFile(Fixture.artifact(".jar")) as archive:
            names = archive.namelist()
        classes = [name for name in names if name.endswith(".class")]
        self.assertIn("conformance/harness/Harness.class", classes)
        self.assertIn("conformance/udf/Reducer.class", classes)
        library = ("conformance/harness/", "conformance/udf/")
        self.assertEqual([name for name in classes if not name.startswith(library)], [],
                         "classes of other packages (a copy of kotlin-stdlib or kotlinx?)")
        self.assertEqual([name for name in classes if re.search(r"Tests?(\$|\.class)", name)], [], "test classes")
        self.assertIn("META-INF/services/kotlinx.coroutines.internal.MainDispatcherFactory", names)

    def test_the_sources_jar_holds_every_source_file_of_the_library_and_no_test(self):
        base = os.path.join(REPO, "Conformance", "kotlin", "harness", "src", "main", "kotlin")
        expected = sorted(os.path.relpath(os.path.join(folder, name), base)
                          for folder, _, files in os.walk(base) for name in files if name.endswith(".kt"))
        with zipfile.ZipFile(Fixture.artifact("-sources.jar")) as archive:
            sources = sorted(name for name in archive.namelist() if name.endswith(".kt"))
            with open(os.path.join(base, "conformance", "harness", "Harness.kt"), "rb") as handle:
                self.assertEqual(archive.read("conformance/harness/Harness.kt"), handle.read())
        self.assertEqual(sources, expected)

    def test_every_file_has_its_checksums_and_the_metadata_lists_the_version(self):
        for artifact in (ARTIFACT, JUNIT_ARTIFACT):
            artifact_folder = os.path.dirname(os.path.dirname(Fixture.artifact(".pom", artifact)))
            paths = [Fixture.artifact(suffix, artifact) for suffix in (".pom", ".jar", "-sources.jar")]
            paths.append(os.path.join(artifact_folder, "maven-metadata.xml"))
            for path in paths:
                with open(path, "rb") as handle:
                    data = handle.read()
                for extension in ("md5", "sha1", "sha256", "sha512"):
                    with self.subTest(os.path.basename(path), checksum=extension), \
                            open(f"{path}.{extension}") as handle:
                        self.assertEqual(handle.read(), hashlib.new(extension, data).hexdigest())
            metadata = ElementTree.parse(paths[-1]).getroot()
            self.assertEqual(metadata.findtext("artifactId"), artifact)
            self.assertEqual([element.text for element in metadata.iter("version")], [Fixture.version])
            self.assertEqual(metadata.findtext("versioning/release"), Fixture.version)

    def test_the_junit_pom_declares_the_harness_its_libraries_and_both_junits_as_optional(self):
        pom = Fixture.artifact(".pom", JUNIT_ARTIFACT)
        root = ElementTree.parse(pom).getroot()
        self.assertEqual([root.findtext(POM + name) for name in ("groupId", "artifactId", "version", "packaging")],
                         [GROUP, JUNIT_ARTIFACT, Fixture.version, "jar"])
        self.assertEqual([element.text for element in root.iter(POM + "scope")], [],
                         "a scope other than compile: a team's testImplementation would not get it")
        harness_libraries = pom_dependencies(Fixture.artifact(".pom"))
        declared = pom_dependencies(pom, optional=True)
        self.assertEqual(declared[:len(harness_libraries) + 1],
                         [(GROUP, ARTIFACT, Fixture.version, False)]
                         + [coordinates + (False,) for coordinates in harness_libraries])
        # The JUnit jars the library is compiled against (scripts/kotlin junit-classpath), at the versions Debian's
        # jars say they are.
        with zipfile.ZipFile("/usr/share/java/junit4.jar") as archive:
            junit4 = re.search(r"^Implementation-Version: *(\S+)", archive.read("META-INF/MANIFEST.MF").decode(),
                               re.MULTILINE).group(1)
        jupiter = [name[len("junit-jupiter-api-"):-len(".jar")] for name in os.listdir("/usr/share/java")
                   if re.fullmatch(r"junit-jupiter-api-\d+(\.\d+)+\.jar", name)]
        self.assertEqual(declared[len(harness_libraries) + 1:],
                         [("org.junit.jupiter", "junit-jupiter-api", jupiter[0], True), ("junit", "junit", junit4, True)])
        self.assertIn("compile against it with Kotlin 1.9.23 or later", root.findtext(POM + "description"))

    def test_a_build_that_depends_on_the_junit_library_gets_the_harness_and_no_junit(self):
        # A team declares the JUnit it runs on: a JUnit 4 build must not get JUnit 5's API from this POM, nor the
        # other way round.
        closure = transitive_closure(Fixture.artifact(".pom", JUNIT_ARTIFACT), Fixture.repo)
        self.assertEqual([artifact for _, artifact, _ in closure],
                         [JUNIT_ARTIFACT, ARTIFACT, "kotlin-stdlib", "kotlinx-coroutines-core-jvm",
                          "kotlinx-serialization-core-jvm", "kotlinx-serialization-json-jvm"])

    def test_the_junit_jar_is_the_library_alone(self):
        jar = run([os.path.join(REPO, "scripts", "kotlin"), "junit-jar"]).stdout.strip()
        installed = Fixture.artifact(".jar", JUNIT_ARTIFACT)
        with open(jar, "rb") as built, open(installed, "rb") as copy:
            self.assertEqual(copy.read(), built.read(), "the installed jar is not scripts/kotlin junit-jar's")
        with zipfile.ZipFile(installed) as archive:
            classes = [name for name in archive.namelist() if name.endswith(".class")]
        for name in ("ConformanceTests", "ConformanceRunner", "ConformanceScenarios", "ConformanceRunException"):
            self.assertIn(f"conformance/junit/{name}.class", classes)
        self.assertEqual([name for name in classes if not name.startswith("conformance/junit/")], [],
                         "classes of other packages (the harness, kotlin-stdlib, JUnit?)")
        self.assertEqual([name for name in classes if "/examples/" in name or re.search(r"Tests?Test", name)], [],
                         "test classes or the examples")

    def test_the_junit_sources_jar_holds_every_source_file_of_the_library(self):
        base = os.path.join(REPO, "Conformance", "kotlin", "junit", "src", "main", "kotlin")
        expected = sorted(os.path.relpath(os.path.join(folder, name), base)
                          for folder, _, files in os.walk(base) for name in files if name.endswith(".kt"))
        with zipfile.ZipFile(Fixture.artifact("-sources.jar", JUNIT_ARTIFACT)) as archive:
            sources = sorted(name for name in archive.namelist() if name.endswith(".kt"))
        self.assertIn("conformance/junit/ConformanceTests.kt", sources)
        self.assertEqual(sources, expected)

    def test_installing_again_keeps_the_other_versions_the_metadata_lists(self):
        repo = os.path.join(Fixture.folder, "again")
        shutil.copytree(Fixture.repo, repo)
        metadata = os.path.join(repo, *GROUP.split("."), ARTIFACT, "maven-metadata.xml")
        with open(metadata, encoding="utf-8") as handle:
            text = handle.read()
        with open(metadata, "w", encoding="utf-8") as handle:
            handle.write(text.replace(f"<version>{Fixture.version}</version>", "<version>0.9.0</version>"))
        result = run([os.path.join(REPO, "scripts", "maven-install"), "--repo", repo])
        self.assertEqual((result.returncode, result.stdout), (0, repo + "\n"), result.stderr)
        versions = [element.text for element in ElementTree.parse(metadata).getroot().iter("version")]
        self.assertEqual(versions, ["0.9.0", Fixture.version])

    def test_a_repo_that_is_a_file_is_a_usage_error(self):
        path = os.path.join(Fixture.folder, "a-file")
        open(path, "w").close()
        result = run([os.path.join(REPO, "scripts", "maven-install"), "--repo", path])
        self.assertEqual((result.returncode, result.stdout, result.stderr),
                         (2, "", f"error: --repo '{path}' is not a folder\n  Give a folder (it is created when "
                                 "missing).\n"))

    def test_a_program_compiled_against_only_the_jar_and_its_declared_dependencies_runs(self):
        classpath = os.pathsep.join([Fixture.classes] + Fixture.classpath)
        result = run(["java", "-cp", classpath, "com.example.counter.MainKt"], input=HELLO)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('"implementation":{"name":"android","language":"Kotlin","version":"', result.stdout)
        self.assertIn('"counter":{"initialState":{"count":0,', result.stdout)

    def test_the_jar_carries_kotlin_1_9_metadata(self):
        # What a team's compiler checks before anything else: a module file whose header is the metadata version
        # (a count, then the numbers, big-endian 32-bit integers), as every class's @Metadata(mv=…) is.
        with zipfile.ZipFile(Fixture.artifact(".jar")) as archive:
            header = archive.read("META-INF/udf-conformance-harness.kotlin_module")[:16]
        self.assertEqual(struct.unpack(">4i", header), (3, 1, 9, 0))

    def test_a_compiler_refuses_a_jar_whose_metadata_it_cannot_read_at_compile_time_by_name(self):
        # A Kotlin compiler reads metadata up to one version past its own: Kotlin 1.7 cannot read this jar's 1.9
        # metadata. The Kotlin 1.9.23 here stands for it, reading a library whose metadata is two versions past
        # its own: the build stops at compile time naming the versions, instead of a NoSuchMethodError at run time.
        folder = os.path.join(Fixture.folder, "newer")
        os.makedirs(folder)
        with open(os.path.join(folder, "Library.kt"), "w", encoding="utf-8") as handle:
            handle.write("package newer\n\nobject Library {\n    fun answer(): Int = 42\n}\n")
        with open(os.path.join(folder, "Use.kt"), "w", encoding="utf-8") as handle:
            handle.write("fun use(): Int = newer.Library.answer()\n")
        kotlinc = os.path.join(REPO, "scripts", "kotlin")
        libraries = os.pathsep.join(Fixture.classpath[1:])
        library = run([kotlinc, "kotlinc", "-Xmetadata-version=2.1.0", "-classpath", libraries, "-d",
                       os.path.join(folder, "library"), os.path.join(folder, "Library.kt")])
        self.assertEqual(library.returncode, 0, library.stderr)
        use = run([kotlinc, "kotlinc", "-classpath", os.pathsep.join([os.path.join(folder, "library"), libraries]),
                   "-d", os.path.join(folder, "use"), os.path.join(folder, "Use.kt")])
        self.assertEqual(use.returncode, 1, use.stderr)
        self.assertIn("error: class 'newer.Library' was compiled with an incompatible version of Kotlin. The actual "
                      "metadata version is 2.1.0, but the compiler version 1.9.0 can read versions up to 2.0.0.\n",
                      use.stderr)


def elf_sections(path):
    """The section names of the ELF file at `path` and their sizes in bytes, read from its section header table with
    struct alone (ELF64 or ELF32, either byte order: the System V ABI's layout), so the check needs no binutils."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:4] != b"\x7fELF":
        raise AssertionError(f"{path} is not an ELF file")
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    if wide:
        offset, entry_size, count, names_index = struct.unpack_from(order + "Q10xHHH", data, 0x28)[0:4]
        header, fields = order + "IIQQQQIIQQ", (0, 4, 5)  # sh_name, sh_offset, sh_size
    else:
        offset, entry_size, count, names_index = struct.unpack_from(order + "I10xHHH", data, 0x20)[0:4]
        header, fields = order + "IIIIIIIIII", (0, 4, 5)
    entries = [struct.unpack_from(header, data, offset + index * entry_size) for index in range(count)]
    names_offset = entries[names_index][fields[1]]

    def name(entry):
        start = names_offset + entry[fields[0]]
        return data[start:data.index(b"\0", start)].decode()

    return {name(entry): entry[fields[2]] for entry in entries[1:]}


class PrebuiltCLITests(unittest.TestCase):
    def unpack(self, into):
        """Unpacks the archive into `into`; returns the binary's path."""
        with tarfile.open(Fixture.archive) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(into, filter="data")
            else:
                tar.extractall(into)
        return os.path.join(into, f"conformance-{Fixture.version}-{PLATFORM}", "conformance")

    def test_the_archive_is_named_after_the_version_and_its_checksum_file_checks_it(self):
        name = f"conformance-{Fixture.version}-{PLATFORM}.tar.gz"
        self.assertEqual(Fixture.archive, os.path.join(REPO, "dist", name))
        result = run(["sha256sum", "-c", name + ".sha256"], cwd=os.path.dirname(Fixture.archive))
        self.assertEqual((result.returncode, result.stdout), (0, f"{name}: OK\n"), result.stderr)

    def test_the_archive_holds_the_binary_a_readme_naming_the_version_and_the_schemas(self):
        folder = f"conformance-{Fixture.version}-{PLATFORM}"
        schemas = sorted(name for name in os.listdir(os.path.join(REPO, "Conformance", "schema"))
                         if name.endswith(".schema.json"))
        self.assertIn("scenario.schema.json", schemas)
        with tarfile.open(Fixture.archive) as tar:
            self.assertEqual(tar.getnames(), [folder, f"{folder}/conformance", f"{folder}/README.md"]
                             + [f"{folder}/schema/{name}" for name in schemas])
            self.assertEqual(tar.getmember(f"{folder}/conformance").mode, 0o755)
            readme = tar.extractfile(f"{folder}/README.md").read().decode()
            for name in schemas:
                with open(os.path.join(REPO, "Conformance", "schema", name), "rb") as handle:
                    self.assertEqual(tar.extractfile(f"{folder}/schema/{name}").read(), handle.read(), name)
        self.assertTrue(readme.startswith(f"# conformance {Fixture.version} ({PLATFORM})\n"), readme)
        self.assertIn("It needs no Swift toolchain", readme)
        self.assertIn("`schema/` holds the JSON Schemas", readme)

    def test_the_archive_is_the_same_bytes_for_the_same_contents(self):
        # Packing the unpacked folder again gives the archive's bytes: no time, owner or order leaks in, so the
        # checksum names the build.
        loader = importlib.machinery.SourceFileLoader("release", os.path.join(REPO, "scripts", "release"))
        release = importlib.util.module_from_spec(importlib.util.spec_from_loader("release", loader))
        loader.exec_module(release)
        name = f"conformance-{Fixture.version}-{PLATFORM}"
        members = []
        schemas = sorted(os.listdir(os.path.join(os.path.dirname(Fixture.archive), name, "schema")))
        for member, mode in [("conformance", 0o755), ("README.md", 0o644)] + [(f"schema/{s}", 0o644) for s in schemas]:
            with open(os.path.join(os.path.dirname(Fixture.archive), name, member), "rb") as handle:
                members.append((member, handle.read(), mode))
        with open(Fixture.archive, "rb") as handle:
            self.assertEqual(hashlib.sha256(release.archive_bytes(name, members)).hexdigest(),
                             hashlib.sha256(handle.read()).hexdigest())

    def test_the_binary_loads_nothing_of_the_swift_toolchain(self):
        binary = self.unpack(os.path.join(Fixture.folder, "ldd"))
        result = run(["ldd", binary])
        self.assertEqual(result.returncode, 0, result.stderr)
        swift = shutil.which("swift")
        # swift is <toolchain>/usr/bin/swift (/opt/swift here).
        toolchain = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(swift)))) if swift else None
        for line in result.stdout.splitlines():
            with self.subTest(line.strip()):
                if toolchain:
                    self.assertNotIn(toolchain, line)
                self.assertNotRegex(line, r"libswift|libFoundation|lib_Foundation|libdispatch|not found")

    def test_the_binary_carries_no_debug_info_but_keeps_the_names_a_backtrace_shows(self):
        # scripts/release links with --strip-debug: DWARF was most of the binary's size. The symbol table stays, so
        # a backtrace (SWIFT_BACKTRACE with swift-backtrace=…, gdb) names the functions rather than '<unknown>'.
        sections = elf_sections(self.unpack(os.path.join(Fixture.folder, "sections")))
        self.assertEqual([name for name in sections if name.startswith(".debug")], [])
        self.assertIn(".symtab", sections)
        self.assertGreater(sections[".symtab"], 0)

    def bare_run(self, argv, cwd, **environment):
        """Runs `argv` with only PATH=/usr/bin:/bin and `environment`, after checking that no swift is on that PATH."""
        self.assertNotEqual(run(["env", "-i", BARE_PATH, "sh", "-c", "command -v swift"]).returncode, 0,
                            "swift is on PATH=/usr/bin:/bin here, so this test cannot show the binary runs without it")
        extra = [f"{name}={value}" for name, value in environment.items()]
        return run(["env", "-i", BARE_PATH, *extra, *argv], cwd=cwd)

    def test_the_guides_steps_serve_a_feature_the_binary_has_no_swift_code_of(self):
        # docs/kotlin.md's steps, as written there, on the counter of a team's Kotlin-only project.
        project = os.path.join(Fixture.folder, "project")
        os.makedirs(project)
        for suffix in ("", ".sha256"):
            shutil.copy(Fixture.archive + suffix, project)
        shutil.copytree(os.path.join(REPO, "scripts", "team-package", "swift", "Conformance"),
                        os.path.join(project, "Conformance"))
        written = run([os.path.join(REPO, "scripts", "doc-samples"), "write", SAMPLES, project])
        self.assertEqual(written.returncode, 0, written.stderr)
        harness_classpath = os.pathsep.join([Fixture.classes] + Fixture.classpath)
        result = self.bare_run(["bash", "-e", "use-the-prebuilt-cli.sh"], project,
                               HARNESS_CLASSPATH=harness_classpath)
        output = result.stdout + result.stderr
        self.assertEqual(result.returncode, 0, output)
        self.assertIn(f"conformance-{Fixture.version}-{PLATFORM}.tar.gz: OK\n", output)
        self.assertIn(f"conformance {Fixture.version}\n", output)
        self.assertIn("Implementation 'android': Kotlin", output)
        self.assertIn("✓ counter-decrement-never-goes-below-zero\n", output)
        self.assertIn("8 passed, 0 failed\n", output)

        wrong = os.path.join(project, "Conformance", "scenarios", "counter", "counter-wrong-limit.json")
        with open(wrong, "w", encoding="utf-8") as handle:
            handle.write('{"id": "counter-wrong-limit", "feature": "counter", "description": "Deliberately wrong.",\n'
                         ' "steps": [{"send": {"type": "setLimit", "value": 1}, "expect": {"changes": {"limit": 1}}},\n'
                         '           {"send": {"type": "increment"}, "expect": {"changes": {"count": 1}}},\n'
                         '           {"send": {"type": "increment"}, "expect": {"changes": {"count": 2}}}]}\n')
        binary = os.path.join(project, f"conformance-{Fixture.version}-{PLATFORM}", "conformance")
        result = self.bare_run([binary, "run", "--impl", "android", "--harness",
                                f"android=java -cp '{harness_classpath}' com.example.counter.MainKt"], project)
        output = result.stdout + result.stderr
        self.assertEqual(result.returncode, 1, output)
        self.assertIn("✗ counter-wrong-limit (failed)\n", output)
        self.assertIn("state.count: expected 2, got 1\n", output)
        self.assertIn("8 passed, 1 failed\n", output)

    def test_the_binary_runs_the_bundled_scenarios_on_swift_and_the_kotlin_harness(self):
        workspace = os.path.join(Fixture.folder, "bundled")
        for part in ("features", "scenarios"):
            shutil.copytree(os.path.join(REPO, "Conformance", part), os.path.join(workspace, "Conformance", part))
        binary = self.unpack(os.path.join(Fixture.folder, "bundled-tool"))
        kotlin = run([os.path.join(REPO, "scripts", "kotlin"), "classpath"])
        self.assertEqual(kotlin.returncode, 0, kotlin.stderr)
        result = self.bare_run([binary, "run", "--impl", "swift", "--impl", "kotlin", "--harness",
                                f"kotlin=java -cp '{kotlin.stdout.strip()}' conformance.features.MainKt"], workspace)
        output = result.stdout + result.stderr
        self.assertEqual(result.returncode, 0, output)
        self.assertRegex(output, r"\nRan (\d+) scenarios .*\n(\d+) passed, 0 failed\n")


if __name__ == "__main__":
    unittest.main()
