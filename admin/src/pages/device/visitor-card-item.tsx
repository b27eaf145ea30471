import { PrinterOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Flex, Input, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type VisitorCard, qrImage } from './device-api';

export const NOT_FOUND = 'We could not find this user';

/** One card on screen: QR code, editable lines (saved on blur), approved and printed toggles, 'Print only this card'. */
export function VisitorCardItem({ card, onChange, onPrintOne }: {
  card: VisitorCard;
  onChange: (change: Partial<Pick<VisitorCard, 'isApproved' | 'isPrinted' | 'line1' | 'line2'>>) => void;
  onPrintOne: () => void;
}) {
  const t = useTranslate();
  const [lines, setLines] = useState({ line1: card.line1, line2: card.line2 });
  useEffect(() => setLines({ line1: card.line1, line2: card.line2 }), [card.line1, card.line2]);
  const saveLine = (key: 'line1' | 'line2') => lines[key] !== card[key] && onChange({ [key]: lines[key] });
  if (!card.found) return <Card size="small" data-testid="visitor-card"><Alert type="warning" message={t(NOT_FOUND)} /></Card>;
  return (
    <Card size="small" data-testid="visitor-card" style={{ opacity: card.isApproved ? 1 : 0.6 }}>
      <Flex vertical gap={8} align="center">
        <img src={qrImage(card)} alt={t('QR code')} width={140} height={140} />
        <Input aria-label={t('Line 1')} value={lines.line1} onChange={(event) => setLines({ ...lines, line1: event.target.value })} onBlur={() => saveLine('line1')} maxLength={100} />
        <Input aria-label={t('Line 2')} value={lines.line2} onChange={(event) => setLines({ ...lines, line2: event.target.value })} onBlur={() => saveLine('line2')} maxLength={100} />
        <Flex gap={16} wrap>
          <Typography.Text>
            <Switch size="small" aria-label={t('Approved')} checked={card.isApproved} onChange={(isApproved) => onChange({ isApproved })} /> {t('Approved')}
          </Typography.Text>
          <Typography.Text>
            <Switch size="small" aria-label={t('Printed')} checked={card.isPrinted} onChange={(isPrinted) => onChange({ isPrinted })} /> {t('Printed')}
          </Typography.Text>
        </Flex>
        <Button icon={<PrinterOutlined />} onClick={onPrintOne}>{t('Print only this card')}</Button>
      </Flex>
    </Card>
  );
}
