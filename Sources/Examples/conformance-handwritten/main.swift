// `conformance-handwritten`, an example and not a product: the `conformance` tool with login registered through its
// hand-written codec instead of the Codable bridge. `scripts/bench` runs it to time the bridge beside the escape hatch.
import ConformanceCLI
import HandwrittenLoginCodec
import LoginFeature

await ConformanceCommand.main(swift: [
  ReducerAdapter(codec: LoginCodec(), reducer: LoginReducer(), initialState: LoginState())
])
