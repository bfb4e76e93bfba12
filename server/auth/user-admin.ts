import { PASSWORD_LIMITS } from "../../domain/limits.ts";
import { passwordRefusal } from "../../domain/passwordStrength.ts";
import type { AuthServices } from "./better-auth.ts";

/** A refusal an operator can act on, in one line. */
export class UserAdminError extends Error {
  override name = "UserAdminError";
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function userByEmail(services: AuthServices, email: string) {
  const { internalAdapter } = await services.auth.$context;
  const found = await internalAdapter.findUserByEmail(email.trim().toLowerCase());
  if (found === null) throw new UserAdminError(`no account uses ${email}.`);
  return found.user;
}

/**
 * An account ready to sign in with a password, its email taken as verified: how an operator makes
 * the first platform admin (admin: true) or an account for someone without mail yet.
 */
export async function createVerifiedUser(
  services: AuthServices,
  input: { email: string; password: string; name?: string; admin?: boolean },
): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new UserAdminError(`"${input.email}" is not an email address.`);
  const name = input.name?.trim() || email.split("@")[0] || email;
  const refusal = passwordRefusal(input.password, { email, name });
  if (refusal === "password_too_weak") {
    throw new UserAdminError("the password is too easy to guess; choose a longer phrase of unrelated words.");
  }
  if (refusal !== null) {
    const { minLength, maxLength } = PASSWORD_LIMITS;
    throw new UserAdminError(
      `the password must have ${minLength} to ${maxLength} characters; choose a longer one.`,
    );
  }
  const { internalAdapter, password } = await services.auth.$context;
  if ((await internalAdapter.findUserByEmail(email)) !== null) {
    throw new UserAdminError(`an account already uses ${email}.`);
  }
  const hash = await password.hash(input.password);
  const user = await internalAdapter.createUser(
    { email, name, emailVerified: true, role: input.admin ? "admin" : "user" },
    { method: "admin" },
  );
  await internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return { id: user.id, email };
}

/** Disables an account (better-auth's ban) and ends its sessions at once. */
export async function disableUser(services: AuthServices, email: string): Promise<void> {
  const user = await userByEmail(services, email);
  const { internalAdapter } = await services.auth.$context;
  await internalAdapter.updateUser(user.id, {
    banned: true,
    banReason: "disabled by an operator",
    banExpires: null,
  });
  await internalAdapter.deleteUserSessions(user.id);
}

export async function enableUser(services: AuthServices, email: string): Promise<void> {
  const user = await userByEmail(services, email);
  const { internalAdapter } = await services.auth.$context;
  await internalAdapter.updateUser(user.id, { banned: false, banReason: null, banExpires: null });
}
