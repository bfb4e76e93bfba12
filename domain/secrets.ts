/**
 * What a secret (a vault password, an account or social insurance number) is answered as until
 * someone reveals it on purpose; sent back unchanged, it keeps the stored value.
 */
export const MASK = "********";
