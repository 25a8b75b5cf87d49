// Fastify names every plugin it registers (for its errors and its plugin tree). A plugin without a name of its own,
// as our route plugins are (plain async functions), it looks for among every loaded CommonJS module, twice per
// register (fastify/lib/plugin-utils.js getPluginName). Where many modules are loaded, as in a test worker's shared
// module graph, that scan cost about 15 CPU-seconds of the unit stage over its ~500 app builds
// (docs/decisions/0111-session-49.md). A named plugin skips it.
const DISPLAY_NAME = Symbol.for("fastify.display-name");

/** The plugin, named after its function (or `name`) for Fastify. */
// biome-ignore lint/complexity/noBannedTypes: any plugin function, whatever its options.
export function named<Plugin extends Function>(plugin: Plugin, name = plugin.name || "anonymous plugin"): Plugin {
  const target = plugin as unknown as Record<symbol, unknown>;
  target[DISPLAY_NAME] ??= name;
  return plugin;
}
