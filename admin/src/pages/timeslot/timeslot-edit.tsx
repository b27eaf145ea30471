import { useTranslate } from '@refinedev/core';
import { useParams } from 'react-router';
import { requireResource } from '../../definitions/screens';
import { ResourceEdit } from '../../generic/form/generic-edit-page';

/** A timeslot in its event's timeslot module, where the Edit link of the timeslot list goes: the generated form. */
export default function TimeslotEditPage() {
  const t = useTranslate();
  const { eventId = '', timeslotId = 'create' } = useParams();
  return (
    <ResourceEdit
      key={timeslotId}
      def={requireResource('timeslot')}
      id={timeslotId}
      backTo="/company/timeslot"
      defaults={{ eventRef: { eventId } }}
      crumbs={[{ label: t('Events'), to: '/company/event' }, { label: t('Timeslots'), to: '/company/timeslot' }, { label: t('buttons.edit') }]}
    />
  );
}
