import "@mantine/core/styles/Table.css";
import { Button, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminProduct } from "../../../domain/schemas/subscription.ts";
import { FormDialog } from "../../components/dialogs/FormDialog.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import { useBillingSettings } from "../../session/billingSettings.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { ArchiveAction } from "./ArchiveAction.tsx";
import { adminProducts } from "./adminBillingApi.ts";
import { ProductForm } from "./ProductForm.tsx";
import { useAdminFormats } from "./useAdminFormats.ts";

/** /admin/products: the plans on sale and archived, and a new one. */
export function ProductsScreen() {
  const { t } = useTranslation("admin");
  const products = adminProducts.useList();
  // Read with the list, so the form opens at once knowing whether a Stripe price is needed.
  const settings = useBillingSettings();
  const [creating, setCreating] = useState(false);
  const close = () => setCreating(false);

  return (
    <AdminScreen
      title={t("products.heading")}
      action={
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t("products.new")}
        </Button>
      }
    >
      <Loaded query={products} failure={t("products.loadFailed")}>
        {(items) =>
          items.length === 0 ? <Text>{t("products.empty")}</Text> : <ProductTable items={items} />
        }
      </Loaded>
      <FormDialog opened={creating} title={t("products.new")} onClose={close}>
        <Loaded query={settings} failure={t("settingsFailed")}>
          {({ mode }) => <ProductForm mode={mode} onDone={close} />}
        </Loaded>
      </FormDialog>
    </AdminScreen>
  );
}

function ProductTable({ items }: { items: AdminProduct[] }) {
  const { t } = useTranslation("admin");
  const formats = useAdminFormats();
  const archive = adminProducts.useArchive();
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("products.columns.name")}</Table.Th>
            <Table.Th scope="col">{t("products.columns.currency")}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t("products.columns.amount")}
            </Table.Th>
            <Table.Th scope="col">{t("products.columns.interval")}</Table.Th>
            <Table.Th scope="col">{t("products.columns.isB2B")}</Table.Th>
            <Table.Th scope="col">{t("products.columns.providerPriceId")}</Table.Th>
            <Table.Th scope="col">{t("status.heading")}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t("actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((product) => (
            <Table.Tr key={product.id}>
              <Table.Td>{product.name}</Table.Td>
              <Table.Td>{product.currency.toUpperCase()}</Table.Td>
              <Table.Td ta="end">{formats.amount(product.amount)}</Table.Td>
              <Table.Td>{t(`interval.${product.interval}`)}</Table.Td>
              <Table.Td>{product.isB2B ? t("yes") : t("no")}</Table.Td>
              <Table.Td ff="monospace" style={{ overflowWrap: "anywhere" }}>
                {product.integrationData.providerProductId ?? "—"}
              </Table.Td>
              <Table.Td>{product.archived ? t("status.archived") : t("status.active")}</Table.Td>
              <Table.Td>
                {product.archived ? null : (
                  <ArchiveAction
                    name={product.name}
                    title={t("products.archive.title")}
                    question={t("products.archive.question", { name: product.name })}
                    done={t("products.archive.done", { name: product.name })}
                    archive={() => archive.mutateAsync(product.id)}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
