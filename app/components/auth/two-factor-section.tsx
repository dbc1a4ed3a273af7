import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/utils/dates";
import { StepUpField } from "./step-up-field";

export type TwoFactorSectionData = {
  since: string;
  recoveryCodesLeft: number;
  devices: { id: number; label: string; createdAt: string; expiresAt: string }[];
  stepUp: boolean;
};

/**
 * /profile/security, for an administrator (decision 163): the second factor's state, new
 * recovery codes, and the devices remembered for 30 days, each forgotten with 'Olvidar'. Plain
 * forms: they work without JavaScript.
 */
export function TwoFactorSection({ data }: { data: TwoFactorSectionData }) {
  return (
    <section aria-labelledby="dos-pasos" className="max-w-2xl space-y-4">
      <h2 id="dos-pasos" className="text-lg font-semibold">
        Verificación en dos pasos
      </h2>
      <p className="text-sm">
        Activa desde el {formatDate(data.since)}. Te quedan {data.recoveryCodesLeft} de 10 códigos
        de recuperación.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="renew-recovery-codes" />
        <StepUpField needed={data.stepUp} id="step-up-recovery" />
        <Button type="submit" variant="secondary" size="sm">
          Generar nuevos códigos de recuperación
        </Button>
      </Form>
      <h3 className="font-semibold">Equipos recordados</h3>
      {data.devices.length === 0 ? (
        <p className="text-fg-muted text-sm">
          Ningún equipo está recordado: cada inicio de sesión pide el código.
        </p>
      ) : (
        <>
          <ul className="divide-y rounded-md border">
            {data.devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <p className="text-sm">
                  <span className="font-semibold">{device.label}</span>
                  <span className="text-fg-muted block text-xs">
                    Recordado el {formatDate(device.createdAt)} · hasta el{" "}
                    {formatDate(device.expiresAt)}
                  </span>
                </p>
                <Form method="post">
                  <input type="hidden" name="deviceId" value={device.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="forget-device"
                    variant="secondary"
                    size="sm"
                    aria-label={`Olvidar ${device.label}, recordado el ${formatDate(device.createdAt)}`}
                  >
                    Olvidar
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post">
            <Button type="submit" name="intent" value="forget-devices" variant="danger" size="sm">
              Olvidar todos los equipos
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
