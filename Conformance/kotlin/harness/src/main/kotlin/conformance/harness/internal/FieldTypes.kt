package conformance.harness.internal

import conformance.harness.InstantSerializer
import conformance.harness.UuidSerializer
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.descriptors.PolymorphicKind
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.descriptors.elementDescriptors

/**
 * The fields a feature's state and intents read into a type narrower than the manifest format's defaults,
 * announced in `hello` as `"fields": {"state.count": "Int", "actions.tag.id": "UUID"}` (harness protocol §2.1) so
 * that the runner checks them against the manifest at start-up (Conformance/README.md §15.4): `Byte`, `Short` and
 * `Int` hold less than a 64-bit `integer`, and [UuidSerializer] and [InstantSerializer] values only a `uuid` or a
 * `date-time`.
 *
 * Paths follow the values: `state.<field>…`, `actions.<case>.<field>…`, a nested sealed type's case name, then its
 * fields, and `[]` for a list's items. A type that contains itself is walked once.
 */
@OptIn(ExperimentalSerializationApi::class)
internal object FieldTypes {
    /** The narrow fields of [state] (a class) and [intent] (a sealed type), by path. */
    fun of(state: SerialDescriptor, intent: SerialDescriptor): Map<String, String> {
        val found = sortedMapOf<String, String>()
        walk(state, "state", found, emptySet())
        walk(intent, "actions", found, emptySet())
        return found
    }

    private fun walk(descriptor: SerialDescriptor, path: String, found: MutableMap<String, String>, seen: Set<String>) {
        if (descriptor.isInline) return walk(descriptor.getElementDescriptor(0), path, found, seen)
        when (descriptor.serialName.removeSuffix("?")) {
            UuidSerializer.SERIAL_NAME -> { found[path] = "UUID"; return }
            InstantSerializer.SERIAL_NAME -> { found[path] = "Instant"; return }
        }
        when (descriptor.kind) {
            PrimitiveKind.INT -> found[path] = "Int"
            PrimitiveKind.SHORT -> found[path] = "Short"
            PrimitiveKind.BYTE -> found[path] = "Byte"
            StructureKind.LIST -> walk(descriptor.getElementDescriptor(0), "$path.[]", found, seen)
            StructureKind.CLASS -> {
                val name = descriptor.serialName.removeSuffix("?")
                if (name in seen) return
                for (index in 0 until descriptor.elementsCount) {
                    walk(descriptor.getElementDescriptor(index), "$path.${descriptor.getElementName(index)}", found, seen + name)
                }
            }
            PolymorphicKind.SEALED -> {
                val name = descriptor.serialName.removeSuffix("?")
                if (name in seen) return
                for (case in descriptor.getElementDescriptor(1).elementDescriptors) {
                    for (index in 0 until case.elementsCount) {
                        val field = "$path.${case.serialName}.${case.getElementName(index)}"
                        walk(case.getElementDescriptor(index), field, found, seen + name)
                    }
                }
            }
            else -> Unit
        }
    }
}
