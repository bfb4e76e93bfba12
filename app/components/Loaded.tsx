import { Alert, Button } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../shell/PageLoader.tsx";

export interface LoadedProps<Data> {
  query: UseQueryResult<Data>;
  /** Said when the call failed, above the Try again button. */
  failure: string;
  children: (data: Data) => ReactNode;
}

/** A query's answer once it is there: a loader until then, or its failure with a way to retry. */
export function Loaded<Data>({ query, failure, children }: LoadedProps<Data>) {
  const { t } = useTranslation("common");
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={failure}>
        <Button variant="default" mt="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t("actions.retry")}
        </Button>
      </Alert>
    );
  }
  return children(query.data);
}
