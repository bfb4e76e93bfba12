export type { BinderMaker } from "./binder-maker.ts";
export { binderRateLimit, ownerNameOf } from "./routes.ts";
export { sendBinder } from "./send.ts";
