import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiDownload } from "../../api/client.ts";
import { errorMessage } from "../../api/errorMessages.ts";
import { showToast } from "../../shell/toast.ts";

export interface DownloadButtonProps {
  /** The API path answering the file (a list's CSV, a .vcf). */
  path: string;
  /** The name the file gets if the answer names none. */
  fileName: string;
  label: string;
}

/** A button that downloads a file the API makes, busy while it comes, a toast if it fails. */
export function DownloadButton({ path, fileName, label }: DownloadButtonProps) {
  const { t } = useTranslation(["exchange", "common"]);
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await apiDownload(path, fileName);
    } catch (error) {
      showToast(errorMessage(t, error), "error");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="default"
      loading={busy}
      onClick={download}
      leftSection={<IconDownload size={18} aria-hidden="true" />}
    >
      {label}
    </Button>
  );
}
