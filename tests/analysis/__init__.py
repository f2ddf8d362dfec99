"""Tests of tingpai.analysis, one file per topic."""
