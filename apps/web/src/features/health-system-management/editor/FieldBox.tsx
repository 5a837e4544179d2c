import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { PageSize } from '@portal/shared/health-systems/consent-form-settings';
import { rectOf, type EditorField } from './editor-fields';
import { FIELD_TYPE_KEYS } from '../consent/field-types';
import { moveRect, rectAfterKey, resizeRect, toPixels, toPoints, type Point, type Rect } from './geometry';

/** The side of the resize handle at a box's bottom-right corner, in CSS pixels. */
const HANDLE = 14;

interface Drag {
  pointerId: number;
  mode: 'move' | 'resize';
  start: Point;
  rect: Rect;
}

interface FieldBoxProps {
  field: EditorField;
  /** CSS pixels per point of the drawn page. */
  scale: number;
  page: PageSize;
  selected: boolean;
  invalid: boolean;
  /** The id of the text that tells how the keyboard moves a box. */
  instructionsId: string;
  onSelect(): void;
  onPlace(rect: Rect): void;
  onDelete(): void;
}

/**
 * A field's box over its page: dragged to move it, its corner handle dragged to resize it (mouse, touch or pen);
 * focused, the arrow keys move it (Shift: ten points), Alt+arrows resize it, Delete removes it.
 */
export function FieldBox({
  field,
  scale,
  page,
  selected,
  invalid,
  instructionsId,
  onSelect,
  onPlace,
  onDelete,
}: FieldBoxProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const rect = rectOf(field);
  const typeName = t(FIELD_TYPE_KEYS[field.type]);

  const begin = (event: PointerEvent<HTMLElement>, mode: Drag['mode']) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, mode, start: { x: event.clientX, y: event.clientY }, rect };
    onSelect();
    box.current?.focus();
  };
  const follow = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    const dx = toPoints(event.clientX - current.start.x, scale);
    const dy = toPoints(event.clientY - current.start.y, scale);
    onPlace(current.mode === 'move' ? moveRect(current.rect, dx, dy, page) : resizeRect(current.rect, dx, dy, page));
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onDelete();
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect();
      return;
    }
    const next = rectAfterKey(rect, event, page);
    if (!next) return;
    event.preventDefault();
    onSelect();
    onPlace(next);
  };

  return (
    <Box
      ref={box}
      role="button"
      tabIndex={0}
      aria-label={t('healthSystems.editor.boxLabel', {
        description: field.description,
        type: typeName,
        page: field.coordinates.page,
        x: field.coordinates.x,
        y: field.coordinates.y,
      })}
      aria-describedby={instructionsId}
      aria-current={selected || undefined}
      aria-invalid={invalid || undefined}
      onPointerDown={(event) => begin(event, 'move')}
      onPointerMove={follow}
      onPointerUp={end}
      onPointerCancel={end}
      onKeyDown={onKeyDown}
      sx={{
        position: 'absolute',
        left: toPixels(rect.x, scale),
        top: toPixels(rect.y, scale),
        width: toPixels(rect.width, scale),
        height: toPixels(rect.height, scale),
        zIndex: selected ? 4 : 3,
        boxSizing: 'border-box',
        border: selected ? '2px solid' : '1px dashed',
        borderColor: invalid ? 'error.main' : 'primary.main',
        bgcolor: selected ? 'rgba(25, 118, 210, 0.22)' : 'rgba(255, 236, 153, 0.55)',
        cursor: 'move',
        touchAction: 'none',
        userSelect: 'none',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
      }}
    >
      <Typography
        aria-hidden
        noWrap
        sx={{
          position: 'absolute',
          left: 0,
          bottom: '100%',
          maxWidth: 240,
          fontSize: 11,
          lineHeight: 1.3,
          px: 0.5,
          bgcolor: 'background.paper',
          color: 'text.primary',
          pointerEvents: 'none',
        }}
      >
        {field.description} · {typeName}
      </Typography>
      <Box
        aria-hidden
        onPointerDown={(event) => begin(event, 'resize')}
        sx={{
          position: 'absolute',
          right: -HANDLE / 2,
          bottom: -HANDLE / 2,
          width: HANDLE,
          height: HANDLE,
          bgcolor: 'primary.main',
          border: '2px solid',
          borderColor: 'background.paper',
          cursor: 'nwse-resize',
          touchAction: 'none',
        }}
      />
    </Box>
  );
}
