import "@mantine/core/styles/Fieldset.css";
import { Fieldset, type FieldsetProps, Group } from "@mantine/core";
import { forwardRef, useId } from "react";
import { HelpHint } from "../HelpHint.tsx";

export type FieldGroupProps = Omit<FieldsetProps, "legend"> & {
  legend: string;
  /** What the group is for, from the translations: shown by the "i" beside the legend. */
  hint: string;
};

/**
 * A group of fields under its legend, with the guide's "i" beside it. The group is named by the
 * legend's text alone (aria-labelledby), not by the help button inside the legend.
 */
export const FieldGroup = forwardRef<HTMLFieldSetElement, FieldGroupProps>(function FieldGroup(
  { legend, hint, children, ...fieldset },
  ref,
) {
  const legendId = useId();
  return (
    <Fieldset
      ref={ref}
      variant="unstyled"
      {...fieldset}
      aria-labelledby={legendId}
      legend={
        <Group component="span" gap={4} wrap="nowrap" align="center">
          <span id={legendId}>{legend}</span>
          <HelpHint topic={legend} hint={hint} kind="fieldGroup" />
        </Group>
      }
    >
      {children}
    </Fieldset>
  );
});
