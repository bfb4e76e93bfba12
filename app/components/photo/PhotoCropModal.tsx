import "@mantine/core/styles/Slider.css";
import { Alert, Box, Button, Group, Slider, Stack, Text } from "@mantine/core";
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../dialogs/Dialog.tsx";
import {
  centredOffset,
  clampOffset,
  coverScale,
  cropSquare,
  type Offset,
  renderPhoto,
  type Size,
  zoomAround,
} from "./photoCrop.ts";

/** Side of the square crop frame on screen; it fits a 375 px phone with the modal's padding. */
const FRAME_PX = 264;
const MAX_ZOOM = 4;
const STEP_PX = 8;

export interface PhotoCropModalProps {
  /** An object URL of the chosen file, or null when closed. */
  source: string | null;
  onCancel: () => void;
  onCropped: (dataUrl: string) => void;
}

/**
 * Square crop of a chosen photo: drag the image or use the arrow keys to place it, the slider (or
 * + and -) to zoom. The result is at most 512x512 JPEG.
 */
export function PhotoCropModal({ source, onCancel, onCropped }: PhotoCropModalProps) {
  const { t } = useTranslation("forms");
  const helpId = useId();
  const image = useRef<HTMLImageElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [failed, setFailed] = useState(false);
  const drag = useRef<{ pointer: number; x: number; y: number; from: Offset } | null>(null);

  useEffect(() => {
    if (source === null) return;
    setNatural(null);
    setZoom(1);
    setFailed(false);
  }, [source]);

  const scale = natural ? coverScale(natural, FRAME_PX) * zoom : 1;
  const place = (next: Offset, atScale = scale) => {
    if (natural) setOffset(clampOffset(next, natural, FRAME_PX, atScale));
  };
  const changeZoom = (next: number) => {
    if (!natural) return;
    const bounded = Math.min(MAX_ZOOM, Math.max(1, next));
    const to = coverScale(natural, FRAME_PX) * bounded;
    setZoom(bounded);
    setOffset(clampOffset(zoomAround(offset, scale, to, FRAME_PX), natural, FRAME_PX, to));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP_PX * 5 : STEP_PX;
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: offset.x + step, y: offset.y },
      ArrowRight: { x: offset.x - step, y: offset.y },
      ArrowUp: { x: offset.x, y: offset.y + step },
      ArrowDown: { x: offset.x, y: offset.y - step },
    };
    const move = moves[event.key];
    if (move) place(move);
    else if (event.key === "+" || event.key === "=") changeZoom(zoom + 0.25);
    else if (event.key === "-") changeZoom(zoom - 0.25);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, from: offset };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    place({ x: start.from.x + event.clientX - start.x, y: start.from.y + event.clientY - start.y });
  };

  const confirm = () => {
    if (!image.current || !natural) return;
    try {
      onCropped(renderPhoto(image.current, cropSquare(offset, FRAME_PX, scale)));
    } catch {
      setFailed(true);
    }
  };

  return (
    <Dialog
      opened={source !== null}
      onClose={onCancel}
      title={t("photo.cropTitle")}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
      centered
    >
      <Stack gap="md" align="center">
        <Text size="sm" id={helpId}>
          {t("photo.cropHelp")}
        </Text>
        <Box
          role="group"
          aria-label={t("photo.cropArea")}
          aria-describedby={helpId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            drag.current = null;
          }}
          style={{
            position: "relative",
            width: FRAME_PX,
            height: FRAME_PX,
            overflow: "hidden",
            borderRadius: "var(--mantine-radius-md)",
            background: "var(--mantine-color-gray-2)",
            cursor: "grab",
            touchAction: "none",
            outlineOffset: 2,
          }}
        >
          {source && (
            <img
              ref={image}
              src={source}
              alt=""
              draggable={false}
              onLoad={(event) => {
                const size = {
                  width: event.currentTarget.naturalWidth,
                  height: event.currentTarget.naturalHeight,
                };
                setNatural(size);
                setOffset(centredOffset(size, FRAME_PX, coverScale(size, FRAME_PX)));
              }}
              onError={() => setFailed(true)}
              style={{
                position: "absolute",
                left: offset.x,
                top: offset.y,
                width: natural ? natural.width * scale : "100%",
                height: natural ? natural.height * scale : "auto",
                maxWidth: "none",
                userSelect: "none",
                pointerEvents: "none",
              }}
            />
          )}
          {/* The round guide shows what the 81 px avatars will show. */}
          <div
            aria-hidden
            style={{
              position: "absolute",
              inset: 0,
              borderRadius: "50%",
              boxShadow: "0 0 0 999px rgba(0, 0, 0, 0.35)",
              pointerEvents: "none",
            }}
          />
        </Box>
        <Box w={FRAME_PX}>
          <Text size="sm" aria-hidden>
            {t("photo.zoom")}
          </Text>
          <Slider
            min={1}
            max={MAX_ZOOM}
            step={0.05}
            value={zoom}
            onChange={changeZoom}
            label={null}
            thumbLabel={t("photo.zoom")}
            disabled={!natural}
          />
        </Box>
        {failed && (
          <Alert color="red" variant="light" role="alert" w="100%">
            {t("photo.unreadable")}
          </Alert>
        )}
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onCancel}>
            {t("photo.cancel")}
          </Button>
          <Button onClick={confirm} disabled={!natural || failed}>
            {t("photo.use")}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
