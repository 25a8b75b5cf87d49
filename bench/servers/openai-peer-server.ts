// The tests' OpenAI-compatible peer in its own process, with a fixed first-token delay (bench/ttft.ts).
import { parentOptions, serveParent } from "../lib/ipc";
import { startOpenAiPeer } from "../../src/server/test/openai-peer";

const { delayMs } = parentOptions<{ delayMs: number }>();
const peer = await startOpenAiPeer();
peer.behave({ firstChunkDelayMs: delayMs, chunks: ["Once ", "upon ", "a ", "time."] });
// NOTE: the peer records every request; a long bench would otherwise grow it without bound.
setInterval(() => {
  peer.requests.length = 0;
}, 1000).unref();
serveParent({ url: peer.url }, {}, () => peer.close());
