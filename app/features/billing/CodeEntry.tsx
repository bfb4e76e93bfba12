import { Button, Group, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CODE_MAX } from "../../../domain/limits.ts";
import { ApiError } from "../../api/client.ts";
import { errorMessage, fieldError, isAboutFields } from "../../api/errorMessages.ts";
import { activateCode, turnOffMobileSplash, useRefreshBilling } from "./billingApi.ts";

export type CodeOutcome = "discount" | "granted" | "failed";

/**
 * An eVoucher or unique subscription code, and Send. Spec: a discount waits for the next
 * subscription; a voucher (or b2b) code grants access at once; status false is the Oops message.
 */
export function CodeEntry({ onOutcome }: { onOutcome: (outcome: CodeOutcome, detail?: string) => void }) {
  const { t } = useTranslation("billing");
  const refresh = useRefreshBilling();
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);

  async function send() {
    setPending(true);
    setCodeError(null);
    try {
      const result = await activateCode(code);
      if (!result.status) {
        onOutcome("failed");
        return;
      }
      setCode("");
      void turnOffMobileSplash().catch(() => {});
      await refresh();
      onOutcome(result.type === "discount" ? "discount" : "granted");
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) setCodeError(errorMessage(t, error));
      else if (isAboutFields(error, ["code"])) setCodeError(fieldError(t, error, "code") ?? null);
      else onOutcome("failed", errorMessage(t, error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t("code.label")}
          description={t("code.hint")}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          maxLength={CODE_MAX}
          autoComplete="off"
          spellCheck={false}
          error={codeError}
          style={{ flex: "1 1 14rem" }}
        />
        <Button type="submit" loading={pending} disabled={code.trim() === ""}>
          {t("code.send")}
        </Button>
      </Group>
    </form>
  );
}
