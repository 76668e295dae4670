import { FakeBrevo } from "../integrations/listProviders/fakes/brevo";
import { FakeBronto } from "../integrations/listProviders/fakes/bronto";
import { startTestApp, type TestApp } from "./harness";

/** The API with both list providers configured against their fakes on 127.0.0.1. close() stops all three. */
export async function startAppWithFakeProviders(): Promise<{ t: TestApp; brevo: FakeBrevo; bronto: FakeBronto; close(): Promise<void> }> {
  const brevo = await new FakeBrevo().start();
  const bronto = await new FakeBronto().start();
  const t = await startTestApp({ BREVO_API_KEY: brevo.apiKey, BREVO_API_URL: brevo.url, BRONTO_API_TOKEN: bronto.apiToken, BRONTO_API_URL: bronto.url });
  return {
    t,
    brevo,
    bronto,
    async close() {
      await t.close();
      await brevo.close();
      await bronto.close();
    },
  };
}
