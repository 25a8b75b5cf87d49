export * from "./billing";
export * from "./images";
export * from "./social";
export * from "./stories";
export * from "./users";
export * from "./throttles";
export * from "./chapters";
