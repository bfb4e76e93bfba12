import { Button } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { pageOf } from "../../domain/schemas/page.ts";
import { axeViolations } from "../test/axe.ts";
import { renderWithProviders } from "../test/render.tsx";
import { PagedTable, type PagedTableProps, type TableColumn } from "./PagedTable.tsx";

type Fruit = { id: string; name: string; price: number };

const FRUITS: Fruit[] = Array.from({ length: 5 }, (_, index) => ({
  id: `f${index}`,
  name: `Fruit ${index}`,
  price: index * 100,
}));

const COLUMNS: TableColumn<Fruit>[] = [
  { header: "Name", cell: (fruit) => fruit.name },
  { header: "Price", alignEnd: true, cell: (fruit) => String(fruit.price) },
  { header: "Actions", hideHeader: true, cell: (fruit) => <Button size="xs">Buy {fruit.name}</Button> },
];

/** The table as a screen declares it; the list and its paging come from the screen. */
function FruitTable(props: Pick<PagedTableProps<Fruit>, "query" | "paging" | "count">) {
  return (
    <PagedTable
      {...props}
      columns={COLUMNS}
      rowKey={(fruit) => fruit.id}
      label="Fruits"
      minWidth={600}
      failure="The fruits could not be read."
      empty="No fruit yet."
    />
  );
}

/** A list read two at a time from `read`, as a screen over a paged API call reads it. */
function Fruits({ read }: { read: (page: number) => Promise<Fruit[]> }) {
  const [page, setPage] = useState(0);
  const query = useQuery({
    queryKey: ["fruits", page],
    queryFn: async () => pageOf((await read(page)).slice(page * 2, page * 2 + 2), page, 2, FRUITS.length),
    placeholderData: keepPreviousData,
  });
  return (
    <FruitTable
      query={query}
      paging={{ page, onChange: setPage, label: "Fruit pages" }}
      count={(total) => `${total} fruits`}
    />
  );
}

/** A whole list read at once. */
function AllFruits({ read }: { read: () => Promise<Fruit[]> }) {
  return <FruitTable query={useQuery({ queryKey: ["all-fruits"], queryFn: read })} />;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

describe("the paged table", () => {
  it("shows a loader, then the page's rows under the declared columns, and the next page when asked", async () => {
    const asked: number[] = [];
    let release: () => void = () => undefined;
    const firstAnswer = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderWithProviders(
      <Fruits
        read={async (page) => {
          asked.push(page);
          if (page === 0) await firstAnswer;
          return FRUITS;
        }}
      />,
    );
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");
    release();
    const table = await screen.findByRole("table", { name: "Fruits" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Name", "Price", "Actions"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ["Fruit 0", "0", "Buy Fruit 0"],
      ["Fruit 1", "100", "Buy Fruit 1"],
    ]);
    screen.getByText("5 fruits");
    expect(await axeViolations(document.body)).toEqual([]);

    const user = userEvent.setup();
    const pages = screen.getByRole("navigation", { name: "Fruit pages" });
    await user.click(within(pages).getByRole("button", { name: "Page 3" }));
    await waitFor(() =>
      expect(within(screen.getByRole("table")).getAllByRole("row").slice(1).map(cellsOf)).toEqual([
        ["Fruit 4", "400", "Buy Fruit 4"],
      ]),
    );
    expect(asked).toEqual([0, 2]);
  });

  it("is reached and scrolled from the keyboard: the region, the rows' buttons, then the page links", async () => {
    renderWithProviders(<Fruits read={async () => FRUITS} />);
    await screen.findByRole("table", { name: "Fruits" });
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Fruits" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Buy Fruit 0" }));
    await user.tab();
    await user.tab();
    expect(within(screen.getByRole("navigation", { name: "Fruit pages" })).getAllByRole("button")).toContain(
      document.activeElement,
    );
  });

  it("names its page links in French", async () => {
    renderWithProviders(<Fruits read={async () => FRUITS} />, { language: "fr" });
    const pages = await screen.findByRole("navigation", { name: "Fruit pages" });
    within(pages).getByRole("button", { name: "Page suivante" });
  });

  it("says when there is nothing, and offers Try again after a failure", async () => {
    const empty = renderWithProviders(<AllFruits read={async () => []} />);
    await screen.findByText("No fruit yet.");
    expect(screen.queryByRole("table")).toBeNull();
    empty.unmount();

    let fail = true;
    renderWithProviders(
      <AllFruits
        read={async () => {
          if (fail) throw new Error("down");
          return FRUITS;
        }}
      />,
    );
    const alert = await screen.findByRole("alert");
    within(alert).getByText("The fruits could not be read.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    const table = await screen.findByRole("table", { name: "Fruits" });
    expect(within(table).getAllByRole("row")).toHaveLength(FRUITS.length + 1);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
