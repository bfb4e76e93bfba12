import { Alert, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";

import type { CategoryDef } from "../../../domain/sections/types.ts";
import { ApiError } from "../../api/client.ts";
import { usePhoneLibrary } from "../../components/phone/phoneLibrary.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { editableFileOnly } from "../../shell/ReadOnlyFileNotice.tsx";
import { useFormExits } from "../../shell/unsaved/useFormExits.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { fetchOwnPerson, personQueryKeys } from "../personal-network/queries.ts";
import { categoryPage } from "./categoryPage.tsx";
import { hasPhoneField, initialValues } from "./formValues.ts";
import { RecordForm } from "./RecordForm.tsx";
import { RecordNotFound } from "./RecordNotFound.tsx";
import { recordTitleKey } from "./recordPlace.ts";
import { useRecord } from "./useRecord.ts";

/**
 * .../{category}/add and .../{category}/edit/{id}. After a save, the spec's rule: from add to the
 * new record's view, from edit to the view. Cancel goes back where the form was opened from.
 */
export const RecordFormPage = editableFileOnly(categoryPage(RecordFormScreen));

function RecordFormScreen({ category }: { category: CategoryDef }) {
  const { t } = useTranslation(["records", "sections"]);
  const { id } = useParams();
  const exits = useFormExits(id);
  const record = useRecord(category, id, true);
  // A new record's holder starts as the owner's own person (the field's default).
  const own = useQuery({
    queryKey: personQueryKeys.own(),
    queryFn: fetchOwnPerson,
    enabled: id === undefined,
  });
  const label = t(recordTitleKey(category));
  const title = id ? t("form.editTitle", { category: label }) : t("form.addTitle", { category: label });
  usePageTitle(title);

  // A saved record's phones are shown formatted from the start: the library loads beside the record.
  const needsPhones = id !== undefined && hasPhoneField(category);
  const phones = usePhoneLibrary(needsPhones);

  const notFound = record.error instanceof ApiError && record.error.status === 404;
  const ready = id ? record.data !== undefined && (!needsPhones || phones !== null) : !own.isPending;
  // The form, the screen's heaviest render, comes in a deferred render once its data is in, which
  // React does in slices so the page stays responsive rather than in one long task.
  const drawForm = useDeferredValue(ready) && ready;

  return (
    <Stack gap="lg" maw={960}>
      <BackArrow to={exits.backTo} />
      {notFound ? (
        <RecordNotFound />
      ) : (
        <>
          <Title order={1}>{title}</Title>
          {record.isError ? (
            <Alert color="red" variant="light" role="alert">
              {t("view.loadFailed")}
            </Alert>
          ) : drawForm ? (
            <RecordForm
              category={category}
              recordId={id}
              initial={initialValues(category, record.data?.body ?? null, own.data?.id ?? null, phones)}
              {...(record.data === undefined ? {} : { version: record.data.version })}
              onSaved={exits.onSaved}
              onCancel={exits.onCancel}
            />
          ) : (
            <PageLoader />
          )}
        </>
      )}
    </Stack>
  );
}
