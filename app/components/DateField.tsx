import { Input, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { DatePickerFieldProps } from "./DatePickerField.tsx";

// Mantine's dates and dayjs load when a screen first shows a date, not with every form.
const DatePickerField = lazy(() =>
  import("./DatePickerField.tsx").then((module) => ({ default: module.DatePickerField })),
);

export type DateFieldProps = DatePickerFieldProps;

/**
 * A calendar date as epoch ms (UTC midnight), typed or picked in the app's language. Until the
 * picker has loaded (a moment, once), its place shows the label and a busy input of the same size.
 */
export function DateField(props: DateFieldProps) {
  const { label, description, required, error, maw } = props;
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={label} description={description} required={required} error={error} maw={maw}>
          <Input
            component="div"
            aria-busy
            rightSection={<Loader size="xs" role="status" aria-label={label} />}
          />
        </Input.Wrapper>
      }
    >
      <DatePickerField {...props} />
    </Suspense>
  );
}
