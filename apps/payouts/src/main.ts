import { runService } from '@pc/http';
import { PayoutsEnv } from './config/payouts.env';
import { createPayoutsApp } from './create-app';

void runService(PayoutsEnv, createPayoutsApp);
