import { runService } from '@pc/http';
import { VerificationSessionsEnv } from './config/verification-sessions.env';
import { createVerificationSessionsApp } from './create-app';

void runService(VerificationSessionsEnv, createVerificationSessionsApp);
