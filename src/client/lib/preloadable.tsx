// A lazily loaded component that can be fetched ahead of its first render. Unlike React.lazy, once its module has
// arrived it renders at once: React.lazy suspends on every first render, and React then holds the content back
// until 300 ms after the last Suspense fallback it showed (its reveal throttle), which on a cold load of the editor
// was a third of a second of an idle main thread (decision 0047).
import { type ComponentType, use } from "react";

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<void> };

export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
    });
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per page at module level.
  function PreloadedComponent(props: P) {
    // Suspends (or throws the load's error to the nearest boundary) only until the module is here.
    if (!loaded) use(preload());
    const Loaded = loaded as ComponentType<P>;
    return <Loaded {...props} />;
  }
  return Object.assign(PreloadedComponent, { preload });
}
