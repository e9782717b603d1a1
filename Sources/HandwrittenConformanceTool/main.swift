// `conformance-handwritten`: the `conformance` tool with login registered through its hand-written codec instead of
// the Codable bridge. Only `scripts/bench` uses it, to time the bridge beside the escape hatch.
import ConformanceCLI
import HandwrittenLoginCodec
import LoginFeature

await ConformanceCommand.main(swift: [
  ReducerAdapter(codec: LoginCodec(), reducer: LoginReducer(), initialState: LoginState())
])
