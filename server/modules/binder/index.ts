export type { BinderMaker } from "./binder-maker.ts";
export { binderRateLimit, logBinderMade, ownerNameOf, passwordAskedAgain } from "./routes.ts";
export { sendBinder } from "./send.ts";
