import { fireEvent, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeFile, renderDocumentsUi } from "./testSupport.tsx";
import { UploadControl } from "./UploadControl.tsx";

function choose(container: HTMLElement, file: File) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  fireEvent.change(input, { target: { files: [file] } });
}

describe("UploadControl", () => {
  it("refuses a file over 5 MB with the spec's toast", async () => {
    const onChoose = vi.fn();
    const { container } = renderDocumentsUi(<UploadControl fileName={null} onChoose={onChoose} />);
    screen.getByRole("button", { name: "Upload File" });
    // The picker offers the types the server takes.
    expect(container.querySelector('input[type="file"]')?.getAttribute("accept")).toContain(".pdf");
    choose(container, fakeFile("big.pdf", 5 * 1024 * 1024 + 1));
    await screen.findByText("File must be smaller than 5MB!");
    expect(onChoose).not.toHaveBeenCalled();
  });

  it("takes a first file at once", () => {
    const onChoose = vi.fn();
    const { container } = renderDocumentsUi(<UploadControl fileName={null} onChoose={onChoose} />);
    choose(container, fakeFile("a.pdf", 5 * 1024 * 1024));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ name: "a.pdf" }));
  });

  it("asks before replacing a file, and replaces only on Yes", async () => {
    const onChoose = vi.fn();
    const { container } = renderDocumentsUi(<UploadControl fileName="old.pdf" onChoose={onChoose} />);
    choose(container, fakeFile("new.pdf"));
    await screen.findByText("This will replace the existing file");
    screen.getByText("Do you want to continue ?");
    await userEvent.click(screen.getByRole("button", { name: "No" }));
    expect(onChoose).not.toHaveBeenCalled();
    choose(container, fakeFile("new.pdf"));
    await userEvent.click(await screen.findByRole("button", { name: "Yes" }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ name: "new.pdf" }));
  });

  it("ignores a file of the same name", () => {
    const onChoose = vi.fn();
    const { container } = renderDocumentsUi(<UploadControl fileName="same.pdf" onChoose={onChoose} />);
    choose(container, fakeFile("same.pdf"));
    expect(onChoose).not.toHaveBeenCalled();
    expect(screen.queryByText("This will replace the existing file")).toBeNull();
  });

  it("shows the remove icon only when removal is offered (hidden in the library)", async () => {
    const onRemove = vi.fn();
    const { unmount } = renderDocumentsUi(
      <UploadControl fileName="a.pdf" onChoose={vi.fn()} onRemove={onRemove} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Remove a.pdf" }));
    expect(onRemove).toHaveBeenCalled();
    unmount();
    renderDocumentsUi(<UploadControl fileName="a.pdf" onChoose={vi.fn()} />);
    screen.getByText("a.pdf");
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });

  it("shows progress and a busy button while uploading", async () => {
    renderDocumentsUi(<UploadControl fileName="a.pdf" onChoose={vi.fn()} uploading percent={40} />);
    await waitFor(() => screen.getByRole("progressbar", { name: "Upload progress" }));
  });
});
