import { notifications } from "@mantine/notifications";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import enDocuments from "../../../public/locales/en/documents.json" with { type: "json" };
import enSections from "../../../public/locales/en/sections.json" with { type: "json" };
import { AppProviders } from "../../AppProviders.tsx";
import { ToastHost } from "../../shell/ToastHost.tsx";
import { createTestI18n } from "../../test/render.tsx";

/*
 * Test support for the documents and comments screens: the app's providers with the `documents`
 * and `sections` namespaces added, a toast host, and a stand-in XMLHttpRequest for uploads.
 */

function providers(ui: ReactElement): ReactElement {
  const i18n = createTestI18n("en");
  i18n.addResourceBundle("en", "documents", enDocuments);
  i18n.addResourceBundle("en", "sections", enSections);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <AppProviders i18n={i18n} queryClient={queryClient} env="test">
      <ToastHost />
      {ui}
    </AppProviders>
  );
}

export function renderDocumentsUi(ui: ReactElement) {
  notifications.clean();
  return render(providers(ui));
}

export function renderDocumentsRoutes(routes: RouteObject[], entry: string) {
  notifications.clean();
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  return { ...render(providers(<RouterProvider router={router} />)), router };
}

/** A file of `size` bytes, without allocating them. */
export function fakeFile(name: string, size = 10, type = "application/pdf"): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

export type UploadAnswer = { status: number; body: unknown };

/** Replaces XMLHttpRequest: each upload reports 50 % then answers `answer(url)`. Returns the URLs sent. */
export function stubUploads(answer: (url: string) => UploadAnswer) {
  const sent: string[] = [];
  class FakeXhr {
    status = 0;
    responseText = "";
    withCredentials = false;
    upload = new EventTarget();
    private url = "";
    private events = new EventTarget();
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    send() {
      sent.push(this.url);
      queueMicrotask(() => {
        const progress = Object.assign(new Event("progress"), {
          lengthComputable: true,
          loaded: 1,
          total: 2,
        });
        this.upload.dispatchEvent(progress);
        const { status, body } = answer(this.url);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.events.dispatchEvent(new Event("load"));
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

/** A list item as the documents API answers it. */
export function documentItem(overrides: Record<string, unknown> = {}) {
  return {
    id: "doc-1",
    module: "inventory",
    type: "documentlibrary",
    fileName: "passport.pdf",
    lastName: "Lovelace",
    description: "Passport scan",
    assignedModule: "personaldata",
    assignedType: "passport",
    assignedCustomPosition: null,
    assignedDocument: null,
    date: Date.UTC(2026, 0, 5),
    contentType: "application/pdf",
    size: 1000,
    ...overrides,
  };
}
