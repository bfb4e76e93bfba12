import { useTranslation } from "react-i18next";
import { AddressPicker } from "../../../components/address/AddressPicker.tsx";
import { EmailListInput } from "../../../components/EmailListInput.tsx";
import { withoutErrorsUnder } from "../../../components/form/errorPaths.ts";
import { PhoneListInput } from "../../../components/phone/PhoneListInput.tsx";
import { type ContactForm, useContactInputs } from "./contactInputs.ts";

/**
 * How to reach the person: phones, emails and home address. Editing a row clears that row's
 * messages (removing one clears the list's), so what remains on screen is still true.
 */
export function ContactReachFields({ form }: { form: ContactForm }) {
  const { t } = useTranslation("forms");
  const { error } = useContactInputs(form);
  const values = form.values;
  const clearMessages = (list: "contactDetails.phones" | "contactDetails.emails", edited: number | null) =>
    form.setErrors((errors) => withoutErrorsUnder(errors, edited === null ? list : `${list}.${edited}`));

  return (
    <>
      <PhoneListInput
        values={values.contactDetails.phones}
        onChange={(rows, edited) => {
          form.setFieldValue("contactDetails.phones", rows);
          clearMessages("contactDetails.phones", edited);
        }}
        errorOf={(index, field) =>
          error(`contactDetails.phones.${index}.${field}`) ??
          (field === "number" ? error(`contactDetails.phones.${index}`) : undefined)
        }
        onBlurField={(index, field) => form.validateField(`contactDetails.phones.${index}.${field}`)}
      />
      <EmailListInput
        values={values.contactDetails.emails}
        onChange={(rows, edited) => {
          form.setFieldValue("contactDetails.emails", rows);
          clearMessages("contactDetails.emails", edited);
        }}
        errorOf={(index) => error(`contactDetails.emails.${index}`)}
        onBlurRow={(index) => form.validateField(`contactDetails.emails.${index}`)}
      />
      <AddressPicker
        label={t("contact.homeAddress")}
        value={values.homeAddress}
        onChange={(id) => form.setFieldValue("homeAddress", id)}
        error={error("homeAddress")}
      />
    </>
  );
}
