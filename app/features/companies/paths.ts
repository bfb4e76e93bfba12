import { COMPANY_PATH } from "../../session/homeRoute.ts";

/** Where an invited member activates their seat. */
export const ACTIVATE_PATH = `${COMPANY_PATH}/activate`;
