import { Stack, type StackProps } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";

export interface AccountFormProps extends Pick<StackProps, "gap" | "maw"> {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A form of My Account: its fields stacked; the app checks them itself and says what is wrong. */
export function AccountForm({ onSubmit, gap = "sm", maw, children }: AccountFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={gap} maw={maw}>
        {children}
      </Stack>
    </form>
  );
}
