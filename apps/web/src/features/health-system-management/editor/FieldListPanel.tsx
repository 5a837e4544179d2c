import type { RefObject } from 'react';
import { Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { EditorField, fieldProblems } from './editor-fields';
import { FieldCard } from './FieldCard';

interface FieldListPanelProps {
  panelRef: RefObject<HTMLDivElement | null>;
  /** The list's heading, which takes focus when a field is deleted. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  headingId: string;
  /** Each field's card by key, so the selected one can be scrolled into sight. */
  cardsRef: RefObject<Map<string, HTMLDivElement>>;
  fields: EditorField[];
  selectedKey: string | undefined;
  problems: Map<string, ReturnType<typeof fieldProblems>>;
  onSelect(field: EditorField): void;
  onChange(field: EditorField, next: EditorField): void;
  onDelete(field: EditorField): void;
}

/** The side panel: every field of the form as a card, in order, with its problems. */
export function FieldListPanel({
  panelRef,
  headingRef,
  headingId,
  cardsRef,
  fields,
  selectedKey,
  problems,
  onSelect,
  onChange,
  onDelete,
}: FieldListPanelProps) {
  const { t } = useTranslation();
  return (
    <Stack
      ref={panelRef}
      component="aside"
      aria-labelledby={headingId}
      spacing={1.5}
      sx={{
        width: { xs: '100%', lg: 420 },
        flex: 'none',
        position: { lg: 'sticky' },
        top: 0,
        maxHeight: { lg: 'calc(100vh - 120px)' },
        overflowY: { lg: 'auto' },
        pr: { lg: 1 },
      }}
    >
      <Typography id={headingId} ref={headingRef} tabIndex={-1} component="h3" variant="h6">
        {t('healthSystems.editor.fields', { count: fields.length })}
      </Typography>
      <Typography variant="body2">{t('healthSystems.fieldDialog.pointsHint')}</Typography>
      {fields.length === 0 && <Typography>{t('healthSystems.editor.noFields')}</Typography>}
      {fields.map((field, index) => (
        <FieldCard
          key={field.key}
          ref={(element) => {
            if (element) cardsRef.current.set(field.key, element);
            else cardsRef.current.delete(field.key);
          }}
          field={field}
          number={index + 1}
          selected={field.key === selectedKey}
          problems={problems.get(field.key) ?? {}}
          onSelect={() => onSelect(field)}
          onChange={(next) => onChange(field, next)}
          onDelete={() => onDelete(field)}
        />
      ))}
    </Stack>
  );
}
