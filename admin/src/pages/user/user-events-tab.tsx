import { getPath, resolveField } from '@backoffice/resources';
import { useList, useTranslate } from '@refinedev/core';
import { Table, Timeline } from 'antd';
import { formatUnix } from '../../definitions/format';
import { choiceLabel, requireResource } from '../../definitions/screens';
import { useReadablePopulates } from '../../generic/list/readable-populates';

type Guest = Record<string, any>;

/** Events tab: the user's event guest records with their attendance history, interview answers and timeslots. */
export function UserEventsTab({ userId }: { userId: string }) {
  const t = useTranslate();
  const guestDef = requireResource('eventGuest');
  const attendance = resolveField(guestDef, 'module.attendance.state.id');
  const populate = useReadablePopulates(guestDef, ['eventRef.event']);
  const guests = useList<Guest>({
    resource: 'eventGuest',
    filters: [{ field: 'userRef.userId', operator: 'eq', value: userId }],
    pagination: { pageSize: 5000 },
    meta: { populate },
  });
  const guestIds = (guests.result?.data ?? []).map((guest) => String(guest._id));
  const timeslots = useList<Guest>({
    resource: 'timeslot',
    filters: [{ field: 'eventGuestRef.eventGuestId', operator: 'in', value: guestIds }],
    pagination: { pageSize: 5000 },
    queryOptions: { enabled: guestIds.length > 0 },
  });
  const slotsOf = (guestId: string) =>
    (timeslots.result?.data ?? []).filter((slot) => (slot.eventGuestRef ?? []).some((ref: Guest) => ref.eventGuestId === guestId)).map((slot) => getPath(slot, 'name.full')).join(', ');
  return (
    <Table<Guest>
      rowKey={(guest) => String(guest._id)}
      size="small"
      loading={guests.query.isLoading}
      dataSource={guests.result?.data ?? []}
      pagination={false}
      columns={[
        { key: 'event', title: t('Event'), render: (_, guest) => String(getPath(guest, 'eventRef.event.name.full') ?? '-') },
        {
          key: 'attendance',
          title: t('Attendance'),
          render: (_, guest) => (
            <Timeline
              items={((getPath(guest, 'module.attendance.stateHistory') as Guest[] | undefined) ?? []).map((state) => ({
                children: `${t(choiceLabel(attendance, state.id))} ${formatUnix(getPath(state, 'put.at.unix'))}`,
              }))}
            />
          ),
        },
        { key: 'interview', title: t('Interview answers'), render: (_, guest) => ((getPath(guest, 'module.interview.answer') as Guest[] | undefined) ?? []).map((answer) => answer.value).filter(Boolean).join('; ') },
        { key: 'timeslots', title: t('Timeslots'), render: (_, guest) => slotsOf(String(guest._id)) },
      ]}
    />
  );
}
