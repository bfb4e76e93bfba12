import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import enExchange from "../../../public/locales/en/exchange.json" with { type: "json" };
import frExchange from "../../../public/locales/fr/exchange.json" with { type: "json" };
import { ToastHost } from "../../shell/ToastHost.tsx";
import { axeViolations } from "../../test/axe.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { sentBodies, stubApi } from "../../test/stubApi.ts";
import { DownloadButton } from "./DownloadButton.tsx";
import { VcardImportButton } from "./VcardImportButton.tsx";

const SAVED = "5b0c7a2e-0000-4000-8000-0000000000aa";
const zoe = {
  firstName: "Zoé",
  middleName: null,
  lastName: "O'Brien",
  nickname: null,
  birthday: null,
  notes: null,
  homeAddress: null,
  mailingAddress: null,
};
const toronto = {
  addressLine1: "1 Main Street",
  addressLine2: null,
  city: "Toronto",
  state: null,
  province: "Ontario",
  county: null,
  country: "CA",
  zip: null,
};

function renderExchange(ui: React.ReactElement, language = "en") {
  const result = renderWithProviders(
    <>
      {ui}
      <ToastHost />
    </>,
    { language },
  );
  result.i18n.addResourceBundle("en", "exchange", enExchange);
  result.i18n.addResourceBundle("fr", "exchange", frExchange);
  return result;
}

function chooseFile(text = "BEGIN:VCARD\r\nEND:VCARD\r\n") {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error("no file input");
  return userEvent.upload(input, new File([text], "contacts.vcf", { type: "text/vcard" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe("Import vCard", () => {
  it("says what was imported, then offers each likely duplicate beside the saved one and sends the choices", async () => {
    const api = stubApi({
      "POST /api/pn/person/vcard": {
        body: {
          created: [{ id: "n1", name: "Brand New" }],
          duplicates: [
            {
              name: "Zoé O'Brien",
              card: { ...zoe, emails: ["zoe.new@example.com"], phones: [] },
              candidates: [
                {
                  id: SAVED,
                  name: "Zoé O'Brien",
                  card: { ...zoe, emails: ["zoe@example.com"], phones: [], homeAddress: toronto },
                },
              ],
            },
          ],
        },
      },
      "POST /api/pn/person/vcard/decisions": {
        body: { created: [], merged: [{ id: SAVED, name: "Zoé O'Brien" }] },
      },
    });
    const imported = vi.fn();
    renderExchange(
      <VcardImportButton
        kind="person"
        target={{ group: "networkperson", type: "other" }}
        onImported={imported}
      />,
    );
    await chooseFile();

    const dialog = await screen.findByRole("dialog", { name: "Likely duplicates" });
    await screen.findByText("1 contact imported.");
    expect(imported).toHaveBeenCalledTimes(1);
    within(dialog).getByText("zoe.new@example.com");
    within(dialog).getByText("zoe@example.com");
    within(dialog).getByText("1 Main Street, Toronto, Ontario, Canada");
    expect(within(dialog).getByRole("radio", { name: "Merge into Zoé O'Brien" })).toHaveProperty(
      "checked",
      true,
    );
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(
      within(dialog).getByRole("checkbox", { name: "Replace the saved values with the card's" }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply choices" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentBodies(api, "POST /api/pn/person/vcard/decisions")).toEqual([
      {
        group: "networkperson",
        type: "other",
        decisions: [
          {
            card: { ...zoe, emails: ["zoe.new@example.com"], phones: [] },
            action: "merge",
            targetId: SAVED,
            overwrite: true,
          },
        ],
      },
    ]);
    expect(imported).toHaveBeenCalledTimes(2);
    const [[url]] = api.mock.calls as unknown as [[string]];
    expect(url).toBe("/api/pn/person/vcard?group=networkperson&type=other");
  });

  it("can create or skip a duplicate instead", async () => {
    const api = stubApi({
      "POST /api/institutions/vcard": {
        body: {
          created: [],
          duplicates: [
            {
              name: "Bank",
              card: { name: "Bank", website: null, emails: [], phones: [], address: null },
              candidates: [
                {
                  id: SAVED,
                  name: "BANK",
                  card: { name: "BANK", website: null, emails: [], phones: [], address: toronto },
                },
              ],
            },
          ],
        },
      },
      "POST /api/institutions/vcard/decisions": {
        body: { created: [{ id: "x", name: "Bank" }], merged: [] },
      },
    });
    renderExchange(<VcardImportButton kind="institution" onImported={() => {}} />);
    await chooseFile();
    await screen.findByText("No new contact in this file.");
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("radio", { name: "Create a new contact" }));
    expect(within(dialog).getByRole("checkbox")).toHaveProperty("disabled", true);
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply choices" }));
    await waitFor(() =>
      expect(sentBodies(api, "POST /api/institutions/vcard/decisions")).toEqual([
        {
          decisions: [
            {
              card: { name: "Bank", website: null, emails: [], phones: [], address: null },
              action: "create",
              targetId: null,
              overwrite: false,
            },
          ],
        },
      ]),
    );
  });

  it("names each refused card's problem, in French too", async () => {
    stubApi({
      "POST /api/pn/person/vcard": {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Certaines fiches ne peuvent pas être importées. Rien n’a été importé.",
            fields: { "cards.2.emails.0": "Saisissez une adresse courriel valide." },
          },
        },
      },
    });
    renderExchange(<VcardImportButton kind="person" onImported={() => {}} />, "fr");
    await chooseFile();
    const alert = await screen.findByRole("alert");
    within(alert).getByText("Le fichier n’a pas été importé.");
    within(alert).getByText("Fiche 2 : Saisissez une adresse courriel valide.");
  });
});

describe("Export buttons", () => {
  it("download the file the API answers, by its name, bytes untouched", async () => {
    const csv = "\uFEFFName\r\nZoé\r\n";
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(csv, {
            headers: {
              "content-type": "text/csv; charset=utf-8",
              "content-disposition": 'attachment; filename="kinfile-passport.csv"',
            },
          }),
      ),
    );
    const saved: { name: string; blob: Blob }[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved.push({ name: "", blob });
          return "blob:x";
        },
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    renderExchange(
      <DownloadButton path="/api/records/personaldata/passport/csv" fileName="x.csv" label="Export CSV" />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(saved[0]?.name).toBe("kinfile-passport.csv");
    const blob = saved[0]?.blob ?? new Blob();
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    click.mockRestore();
  });

  it("say in a toast when the file could not be made", async () => {
    stubApi({});
    renderExchange(<DownloadButton path="/api/institutions/csv" fileName="x.csv" label="Export CSV" />);
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await screen.findByText("Not found");
  });
});
