import { useLocalStorage } from "@mantine/hooks";

/** Where the side menu's "labels shown" choice is remembered on this device. */
const MENU_LABELS_STORAGE_KEY = "kinfile.menuLabels";

/** Whether the side menu shows its labels (true by default), and the toggle. */
export function useMenuLabels(): [boolean, () => void] {
  const [shown, setShown] = useLocalStorage<boolean>({
    key: MENU_LABELS_STORAGE_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  return [shown, () => setShown((current) => !current)];
}
