import "@mantine/core/styles/Avatar.css";
import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconPhotoUp, IconTrash } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PHOTO_MIME_TYPES } from "../../../domain/schemas/photo.ts";
import { photoFileProblem } from "./photoCrop.ts";

// The crop dialog (slider, canvas work) loads once a photo has been chosen.
const PhotoCropModal = lazy(() =>
  import("./PhotoCropModal.tsx").then((module) => ({ default: module.PhotoCropModal })),
);

/** The spec's avatar size. */
const AVATAR_PX = 81;

export interface PhotoInputProps {
  /** The photo as a data URL (JPEG), or null. */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  /** Whose photo it is ("Ada Lovelace"), for the avatar's text alternative and initials. */
  name?: string;
  /** A message about the photo from the server, shown under it. */
  error?: ReactNode;
}

/**
 * A person's photo: an 81 px avatar, "Upload photo" (JPEG or PNG under 5 MB, then a square crop),
 * and "Delete photo". The spec's messages are shown for a wrong type or size.
 */
export function PhotoInput({ value, onChange, name, error }: PhotoInputProps) {
  const { t } = useTranslation(["forms", "errors"]);
  const messageId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);

  // The object URL holds the whole file in memory until revoked.
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const choose = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    const issue = photoFileProblem(file);
    setProblem(issue);
    if (issue === null) setSource(URL.createObjectURL(file));
  };

  const message = problem ? t(problem) : error;
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t("photo.label")}
      </Text>
      <Group gap="md" align="center">
        <Avatar
          src={value}
          size={AVATAR_PX}
          radius={AVATAR_PX}
          name={name}
          color="initials"
          alt={name ? t("photo.alt", { name }) : t("photo.label")}
        />
        <Group gap="xs">
          <FileButton onChange={choose} accept={PHOTO_MIME_TYPES.join(",")} resetRef={resetFile}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPhotoUp size={16} aria-hidden />}
                aria-describedby={message ? messageId : undefined}
              >
                {value ? t("photo.change") : t("photo.upload")}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
            >
              {t("photo.delete")}
            </Button>
          )}
        </Group>
      </Group>
      {message && (
        <Text id={messageId} size="sm" c="var(--mantine-color-error)" role="alert">
          {message}
        </Text>
      )}
      {source !== null && (
        <Suspense fallback={null}>
          <PhotoCropModal
            source={source}
            onCancel={() => setSource(null)}
            onCropped={(dataUrl) => {
              setSource(null);
              onChange(dataUrl);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
