import { App, Button, Flex, Grid, Typography } from 'antd';
import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type {
  DeliveryClosure,
  DeliveryClosures,
  DeliveryTemplate,
  DeliveryTemplates,
  DeliveryZone,
  DeliveryZones,
} from '@storefront/contract/delivery-admin';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { formatStoreDay, storeDayOf } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listClosures, listTemplates, listZones, removeClosure } from '../api';
import { describeMinimumOrder, zoneLabels } from '../delivery-format';
import { ClosureFormModal } from '../components/closure-form-modal';
import { ClosureList } from '../components/closure-list';
import { TemplateFormModal } from '../components/template-form-modal';
import { ZoneMinimumModal } from '../components/zone-minimum-modal';
import { ZoneTemplates } from '../components/zone-templates';

type DeliverySettings = { templates: DeliveryTemplates; closures: DeliveryClosures; zones: DeliveryZones };

async function readDeliverySettings(): Promise<DeliverySettings> {
  const [templates, closures, zones] = await Promise.all([listTemplates(), listClosures(), listZones()]);
  return { templates, closures, zones };
}

function withTemplate(templates: DeliveryTemplates, saved: DeliveryTemplate): DeliveryTemplates {
  return {
    zones: templates.zones.map((z) =>
      z.zone !== saved.zone
        ? z
        : {
            ...z,
            templates: [...z.templates.filter((t) => t.templateID !== saved.templateID), saved].sort((a, b) =>
              a.startTime.localeCompare(b.startTime),
            ),
          },
    ),
  };
}

const byDate = (a: DeliveryClosure, b: DeliveryClosure) =>
  a.date.localeCompare(b.date) || (a.zone ?? '').localeCompare(b.zone ?? '');

/** The grocer's delivery windows: each zone's window templates, and the days delivery is closed. */
export function DeliveryPage() {
  const { message } = App.useApp();
  const { status, data, error, reload, replace } = useRemoteData(readDeliverySettings);
  // A phone (under 576 px) gets cards; anything wider, tables.
  const isPhone = Grid.useBreakpoint().xs === true;
  /** The template in the form: null adds one; undefined, the form is closed. */
  const [editing, setEditing] = useState<DeliveryTemplate | null | undefined>(undefined);
  const [isClosing, setIsClosing] = useState(false);
  const [editingZone, setEditingZone] = useState<DeliveryZone | null>(null);
  const [busyID, setBusyID] = useState<number | null>(null);

  const saved = (template: DeliveryTemplate, isNew: boolean) => {
    setEditing(undefined);
    if (data) replace({ ...data, templates: withTemplate(data.templates, template) });
    void message.success(
      isNew
        ? `The ${template.startTime} window is added and offered on the storefront.`
        : `The ${template.startTime} window is saved.`,
    );
  };

  const minimumSaved = (zone: DeliveryZone) => {
    setEditingZone(null);
    if (data)
      replace({
        ...data,
        zones: { zones: data.zones.zones.map((z) => (z.zone === zone.zone ? zone : z)) },
      });
    void message.success(
      `${zoneLabels[zone.zone]}: ${describeMinimumOrder(zone.minimumOrder).toLowerCase()}.`,
    );
  };

  const closed = (closure: DeliveryClosure) => {
    setIsClosing(false);
    if (data) replace({ ...data, closures: { list: [...data.closures.list, closure].sort(byDate) } });
    void message.success(`${formatStoreDay(closure.date)} is closed.`);
  };

  const reopen = async (closure: DeliveryClosure) => {
    setBusyID(closure.closureID);
    try {
      await removeClosure(closure.closureID);
      if (data)
        replace({
          ...data,
          closures: { list: data.closures.list.filter((c) => c.closureID !== closure.closureID) },
        });
      void message.success(`${formatStoreDay(closure.date)} is open again.`);
    } catch (err) {
      void message.error(readErrorMessage(err));
    } finally {
      setBusyID(null);
    }
  };

  return (
    <Page
      title="Delivery windows"
      lead="Each zone's minimum order and the windows it offers, in Sydney time, and the days delivery is closed."
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing(null)}
          disabled={data === null}
          data-testid="delivery-add-template"
        >
          Add window
        </Button>
      }
    >
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : data === null ? (
        <PageLoading rows={8} />
      ) : (
        <Flex vertical gap={24}>
          {data.templates.zones.map((z) => (
            <ZoneTemplates
              key={z.zone}
              zone={z.zone}
              templates={z.templates}
              terms={data.zones.zones.find((terms) => terms.zone === z.zone)}
              isPhone={isPhone}
              onEdit={setEditing}
              onEditMinimum={setEditingZone}
            />
          ))}
          <section data-testid="delivery-closures">
            <Flex justify="space-between" align="center" wrap gap={12}>
              <Typography.Title level={2}>Closed days</Typography.Title>
              <Button
                icon={<CalendarOutlined />}
                onClick={() => setIsClosing(true)}
                data-testid="closure-add"
              >
                Add closure
              </Button>
            </Flex>
            <ClosureList
              closures={data.closures.list}
              today={storeDayOf()}
              isPhone={isPhone}
              busyID={busyID}
              onRemove={reopen}
            />
          </section>
        </Flex>
      )}
      <TemplateFormModal editing={editing} onClose={() => setEditing(undefined)} onSaved={saved} />
      <ClosureFormModal isOpen={isClosing} onClose={() => setIsClosing(false)} onAdded={closed} />
      <ZoneMinimumModal editing={editingZone} onClose={() => setEditingZone(null)} onSaved={minimumSaved} />
    </Page>
  );
}
