#!/bin/sh
# The build number: the number of tags named build-*
git tag -l 'build-*' | wc -l
