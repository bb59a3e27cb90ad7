import { runService } from '@pc/http';
import { HostedFlowEnv } from './config/hosted-flow.env';
import { createHostedFlowApp } from './create-app';

void runService(HostedFlowEnv, createHostedFlowApp);
