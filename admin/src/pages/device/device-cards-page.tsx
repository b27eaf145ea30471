import { PrinterOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Input, Row, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { api } from '../../providers/http';
import { type VisitorCard, markApprovedPrinted, readCards, saveCard, visibleCards } from './device-api';
import { PrintSheet } from './print-sheet';
import { VisitorCardItem } from './visitor-card-item';
import { imagesLoaded } from './images-loaded';

/** The filter waits 500 ms after the last key (part 1 section 9). */
const FILTER_DEBOUNCE_MS = 500;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Visitor card printing for one event (/company/device/{eventId}); card state is stored on the event guests. */
export default function DeviceCardsPage() {
  const t = useTranslate();
  const { eventId = '' } = useParams();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const debounced = useDebounced(filter, FILTER_DEBOUNCE_MS);
  const [workshopOnly, setWorkshopOnly] = useState(false);
  // while one card prints alone, every other card counts as not approved
  const [solo, setSolo] = useState<string | null>(null);
  const event = useQuery({ queryKey: ['device-event', eventId], queryFn: async () => (await api<{ name?: { full?: string } }>(`/api/company/model/event/${eventId}`)).data });
  const cards = useQuery({ queryKey: ['device-cards', eventId], queryFn: () => readCards(eventId) });
  const all = (cards.data ?? []).map((card) => (solo ? { ...card, isApproved: card.guestId === solo } : card));
  const shown = visibleCards(all, debounced, workshopOnly);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['device-cards', eventId] });
  const fail = (error: unknown) => message.error((error as { message?: string }).message ?? t('Error while saving'));

  const change = async (card: VisitorCard, update: Parameters<typeof saveCard>[1]) => {
    queryClient.setQueryData<VisitorCard[]>(['device-cards', eventId], (old) => old?.map((item) => (item.guestId === card.guestId ? { ...item, ...update } : item)));
    await saveCard(card.guestId, update).catch(fail);
    await refresh();
  };
  const [preparing, setPreparing] = useState(false);
  const printSheet = async () => {
    setPreparing(true);
    try {
      await imagesLoaded(document.querySelector('[data-testid="print-sheet"]'));
    } finally {
      setPreparing(false);
    }
    window.print();
  };
  const printAll = async () => {
    await printSheet();
    await markApprovedPrinted(eventId).catch(fail);
    await refresh();
  };
  const printOne = async (card: VisitorCard) => {
    flushSync(() => setSolo(card.guestId));
    await printSheet();
    setSolo(null);
    await change(card, { isPrinted: true });
  };
  return (
    <>
      <PageHeader
        title={event.data?.name?.full ?? t('Visitor cards')}
        crumbs={[{ label: t('Visitor cards'), to: '/company/device' }, { label: event.data?.name?.full ?? t('Event') }]}
        extra={
          <>
            <Button type={workshopOnly ? 'default' : 'primary'} ghost={!workshopOnly} onClick={() => setWorkshopOnly(false)}>{t('Show all cards')}</Button>
            <Button type={workshopOnly ? 'primary' : 'default'} ghost={workshopOnly} onClick={() => setWorkshopOnly(true)}>{t('Show all workshop')}</Button>
            <Button type="primary" icon={<PrinterOutlined />} loading={preparing} onClick={() => void printAll()}>{t('Print all')}</Button>
          </>
        }
      />
      <Card>
        <Input.Search allowClear aria-label={t('Filter')} placeholder={t('Filter')} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ maxWidth: 320, marginBottom: 16 }} />
        <Spin spinning={cards.isLoading}>
          {shown.length === 0 && !cards.isLoading ? <Empty /> : (
            <Row gutter={[16, 16]}>
              {shown.map((card) => (
                <Col key={card.guestId} xs={24} sm={12} lg={8} xxl={6}>
                  <VisitorCardItem card={card} onChange={(update) => void change(card, update)} onPrintOne={() => void printOne(card)} />
                </Col>
              ))}
            </Row>
          )}
        </Spin>
      </Card>
      <PrintSheet cards={all.filter((card) => card.found && card.isApproved)} />
    </>
  );
}
