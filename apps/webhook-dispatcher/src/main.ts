import { runService } from '@pc/http';
import { WebhookDispatcherEnv } from './config/webhook-dispatcher.env';
import { createWebhookDispatcherApp } from './create-app';

void runService(WebhookDispatcherEnv, createWebhookDispatcherApp);
